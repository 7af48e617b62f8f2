# env: TZ=UTC
# __END__ ends the program; DATA reads what follows it (CRuby's oracle runs programs through
# eval, which has no DATA, so this spec's output comes from the system ruby)
p DATA.class
p DATA.gets
p DATA.read
p __FILE__ == $0
__END__
first line
second
