p 3.14.to_r, 0.5.to_r, -0.75.to_r, 1e-5.to_r, 0.75.rationalize, 3.14.rationalize, 0.1.rationalize, 1.5.rationalize(Rational(1,100)), 0.333.rationalize(0.01)
p "0.75".to_r, "1/3".to_r, " 2 ".to_r, "abc".to_r, "-1.5e2".to_r, "3/0".to_r rescue p $!
p Rational("1/3"), Rational("0.25"), Rational(1.5), Rational("2")
p [0.1, 0.2, 0.3, 1.0/3, 2.0/3, 3.14159, 100.5, 1e-7, 123456.789, -2.5].map(&:rationalize)
p [0.1, 1.0/3, 3.14159].map { _1.rationalize(Rational(1, 1000)) }, 1.0.rationalize, 0.0.rationalize, 0.0.to_r
p ["1_000", "1.5/3", " -0.25 ", "12abc", ".5", "1e3", "2/4"].map(&:to_r)
begin; Rational("x"); rescue ArgumentError => e; p e.message; end
