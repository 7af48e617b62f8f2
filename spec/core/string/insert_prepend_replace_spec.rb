p (+"abc").insert(1, "X"), (+"abc").insert(-1, "X"), (+"abc").insert(-2, "X")
begin; (+"abc").insert(5, "X"); rescue IndexError => e; p e.message; end
p (+"world").prepend("hello ", ""), (+"x").replace("yz"), (+"abc").clear, (+"a").concat("b", "c", 33)
t = +"abc"; p t.setbyte(0, 65), t, t.getbyte(0), t.getbyte(-1), t.getbyte(5)
p (+"hello").bytesplice(1, 2, "XY"), (+"hello").bytesplice(1..2, "Z")
