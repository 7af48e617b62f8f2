# Kernel#fork: rubra does not fork; NotImplementedError as CRuby on a platform without fork(2).
begin
  fork
rescue NotImplementedError => e
  puts "#{e.class}: #{e.message}"
end
