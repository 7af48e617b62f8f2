e = 1.step(10, 3)
p e, e.class, e.to_a, e.size, e.begin, e.end, e.step, e.last, e.last(2), e.exclude_end?, e == 1.step(10, 3)
p 1.step(3), 1.0.step(2.0, 0.5), 1.0.step(2.0, 0.5).to_a, 10.step(1, -3).to_a, 1.step(by: 2, to: 5).to_a
