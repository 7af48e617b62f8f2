# Complex as a class: Complex::I, frozen instances, no new/allocate, the Numeric methods it drops
p Complex::I, Complex::I.class, Complex::I.frozen?, Complex::I.real, Complex::I.imaginary
p Complex.ancestors.take(4), Complex.superclass
p Complex(1, 2).frozen?, Complex(1, 0).class, Complex(1).class, Complex(1.5).class
c = Complex(1, 2)
p c.equal?(c.dup), c.equal?(c.clone), c.to_c.equal?(c)
begin; c.instance_variable_set(:@a, 1); rescue => e; p e.class, e.message; end
[:new, :allocate].each do |m|
  begin
    Complex.send(m, 1, 2)
  rescue => e
    p e.class, e.message
  end
end
%i[% < <= > >= between? clamp div divmod floor ceil modulo remainder round step truncate i positive? negative?].each do |m|
  p [m, c.respond_to?(m)]
end
begin; c < c; rescue => e; p e.class, e.message; end
begin; Complex.instance_method(:floor); rescue => e; p e.class, e.message; end
p c.integer?, c.real?, c.zero?, Complex(0, 0).zero?, Complex(0.0, -0.0).zero?, c.nonzero?, Complex(0, 0).nonzero?
p c.send(:marshal_dump), Complex.private_instance_methods(false)
p Complex.methods(false).sort
