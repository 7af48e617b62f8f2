# prism: 3.3-3.3/return_in_sclass.txt
# CRuby 4.0 rejects `return` in a singleton class body: a SyntaxError, nothing runs.
p :before
class << Object.new
  return
end
