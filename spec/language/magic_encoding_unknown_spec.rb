# encoding: no-such-encoding
p :never
