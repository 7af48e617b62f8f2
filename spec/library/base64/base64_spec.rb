# env: TZ=UTC
# oracle: system ruby 3.1, because base64 is a bundled gem the oracle lacks
# Base64: encode64/decode64 (line breaks every 60 characters, lenient decoding),
# strict_encode64/strict_decode64 (ArgumentError on bad input), urlsafe_encode64 (with and
# without padding) and urlsafe_decode64 (padding optional).
require "base64"

def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

long = "The quick brown fox jumps over the lazy dog. " * 3
p Base64.encode64(""), Base64.encode64("a"), Base64.encode64("ab"), Base64.encode64("abc")
p Base64.encode64(long)
p Base64.decode64(Base64.encode64(long)) == long, Base64.decode64("YWJj\nZGVm"), Base64.decode64("!!YWJj")
p Base64.strict_encode64(long).include?("\n"), Base64.strict_encode64("\xFF\xFE\xFD".b)
p Base64.strict_decode64("YWJj"), Base64.strict_decode64("YQ==").encoding == Encoding::BINARY
show { Base64.strict_decode64("YWJj\n") }
show { Base64.strict_decode64("YQ") }
bin = "\xFB\xFF\xBF?>".b
p Base64.encode64(bin), Base64.urlsafe_encode64(bin), Base64.urlsafe_encode64("a", padding: false)
p Base64.urlsafe_encode64("ab", padding: false), Base64.urlsafe_encode64("ab")
p Base64.urlsafe_decode64("-_-_Pz4="), Base64.urlsafe_decode64("YQ"), Base64.urlsafe_decode64("YWI")
show { Base64.urlsafe_decode64("YQ=") }
p Base64.respond_to?(:encode64), Object.new.extend(Base64).respond_to?(:encode64, true)
