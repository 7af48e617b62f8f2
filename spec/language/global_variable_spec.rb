# Global variables
$g = 1
def bump = $g += 1
bump
bump
p $g
p $undefined_global
p defined?($g)
p defined?($nope)
$list = []
[1, 2].each { |x| $list << x }
p $list
p $stdout == STDOUT
p $PROGRAM_NAME == $0
p $, 
p $/
$x = $y = :same
p [$x, $y]
