# A bare public/private at the top level sets the visibility of the later top-level defs.
public
def xx; end
p Object.public_method_defined?(:xx)
private
def yy; end
p Object.private_method_defined?(:yy)
