# Fiber[] storage: inherited by copy, storage:, String keys, Fiber.blocking
p Fiber[:a]
Fiber[:a] = 1
p Fiber.new { Fiber[:a] }.resume
p Fiber.new { Fiber[:a] = 2; Fiber[:a] }.resume, Fiber[:a]
p Fiber.new(storage: {b: 5}) { [Fiber[:a], Fiber[:b]] }.resume
p Fiber.new(storage: nil) { Fiber[:x] = 10; Fiber.current.storage }.resume
Fiber["s"] = 7
p Fiber[:s], Fiber.current.storage
begin; Fiber.new(storage: 42) {}; rescue TypeError => e; p e.message; end
begin; Fiber.new(storage: {1 => 2}) {}; rescue TypeError => e; p e.message; end
begin; Fiber.new(storage: {a: 1}.freeze) {}; rescue FrozenError => e; p e.class; end
begin; Fiber[3]; rescue TypeError => e; p e.message; end
fb = Fiber.new { 1 }
begin; fb.storage; rescue ArgumentError => e; p e.message; end
p Fiber.blocking?, Fiber.current.blocking?
p Fiber.new { [Fiber.blocking?, Fiber.current.blocking?] }.resume
p Fiber.new(blocking: true) { [Fiber.blocking?, Fiber.current.blocking?] }.resume
p Fiber.new { Fiber.blocking { |f| [f.blocking?, Fiber.blocking?] } }.resume
