# __FILE__, __LINE__, __method__, ?a character literals
p __FILE__
p __LINE__
p __method__
def meth
  __method__
end
p meth
def meth2 = [__method__, __LINE__]
p meth2
p ?a
p ?a + ?b
p ?\n
p ?あ
p __LINE__
p __FILE__ == $0
