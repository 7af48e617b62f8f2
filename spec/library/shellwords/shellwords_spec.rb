require "shellwords"
p Shellwords.split("a 'b c' \"d e\" f\\ g")
p "one two".shellsplit, Shellwords.shellwords("x y"), Shellwords.escape("it's a $test"), "".shellescape, "a\nb".shellescape
p ["a b", "c'd", ""].shelljoin, Shellwords.join(["x", "y z"])
begin; Shellwords.split("a 'b"); rescue => e; p e.class, e.message; end
begin; Shellwords.split('a "b'); rescue => e; p e.class, e.message; end
p Shellwords.split('a\\'), Shellwords.split('"a\\"b" c#d #e'), Shellwords.split("  "), Shellwords.split("a''b")
p Shellwords.escape("ä/é-_.,:+@%="), Shellwords.escape(123) rescue p $!
p Shellwords.split("a \\\nb")
p String.instance_method(:shellsplit).owner, Array.instance_method(:shelljoin).owner
p Shellwords.split('"a\\$b\\c"'), Shellwords.split("'a\\b'")
require "English"
p Shellwords.singleton_methods.sort
p String.instance_method(:shellsplit).owner, Array.instance_method(:shelljoin).owner
p Shellwords.split('"a\\$b\\c"'), Shellwords.split("'a\\b'")
begin; Shellwords.split("x  'y"); rescue ArgumentError => e; p e.message; end
begin; Shellwords.split("'"); rescue ArgumentError => e; p e.message; end
p Shellwords.split("a\0b") rescue p $!.message
p %w[a b\ c].shelljoin.shellsplit
