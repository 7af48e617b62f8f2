# (not a Prism fixture: found while checking index assignment)
# CRuby 4.0 rejects an endless setter definition: a SyntaxError, nothing runs.
p :before
def x=(v) = @x = v
