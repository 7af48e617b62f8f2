# Binding#receiver and Binding#source_location.

class Holder
  def get
    binding
  end

  def self.klass_binding
    binding
  end
end
h = Holder.new
p h.get.receiver.equal?(h)
p Holder.klass_binding.receiver
p binding.receiver
p binding.source_location
b = h.get
p b.source_location
p b.source_location.frozen?
class Holder
  p binding.receiver
end
p [1].map { binding.receiver }
p Object.new.instance_eval { binding }.receiver.class
