s = +"hello"
s[0] = "J"; p s
s[1, 3] = "ipp"; p s
s[-1..] = "y!"; p s
s["pp"] = "P"; p s
begin; s["zz"] = "x"; rescue IndexError => e; p e.message; end
begin; s[20] = "x"; rescue IndexError => e; p e.message; end
begin; s[1, -1] = "x"; rescue IndexError => e; p e.message; end
u = +"héllo"; u[1] = "e"; p u
