# strftime widths: very wide fields and widths that overflow an int (the conversion is printed as
# it is). The ERANGE of 2**31 - 1 is a unit test in strftime.rs: the WASI oracle takes minutes on it.
t = Time.utc(2024, 3, 5, 6, 7, 8, 123456)
p t.strftime("%10000000000Y"), t.strftime("%4294967296Y")
p t.strftime("%3000Y").size, t.strftime("%0700d").size, t.strftime("%-700m")
p t.strftime("%_700z").size, t.strftime("%0700z")[-6..], t.strftime("%700N")[0, 8]
p t.strftime("%700c").strip, t.strftime("%^700a").strip
