# base64: Base64 encoding and decoding (RFC 2045 with line breaks, RFC 4648 strict and
# URL-safe), written for rubra on Array#pack("m") and String#unpack1("m").

module Base64
  module_function

  # RFC 2045: a line break after every 60 encoded characters and at the end.
  def encode64(bin)
    [bin].pack("m")
  end

  # Skips what is not Base64 (line breaks included); never raises.
  def decode64(str)
    str.unpack1("m")
  end

  # RFC 4648: no line breaks.
  def strict_encode64(bin)
    [bin].pack("m0")
  end

  # ArgumentError ("invalid base64") for anything but complete, padded Base64.
  def strict_decode64(str)
    str.unpack1("m0")
  end

  # The URL- and file-name-safe alphabet ("-" and "_" for "+" and "/"); `padding: false`
  # drops the trailing "=".
  def urlsafe_encode64(bin, padding: true)
    out = strict_encode64(bin).tr("+/", "-_")
    out.delete_suffix!("=") while !padding && out.end_with?("=")
    out
  end

  # Accepts the URL-safe alphabet with or without its padding.
  def urlsafe_decode64(str)
    std = str.tr("-_", "+/")
    missing = -std.length % 4
    std += "=" * missing unless std.end_with?("=") || missing.zero?
    strict_decode64(std)
  end
end
