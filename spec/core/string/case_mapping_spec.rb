p "Straße".upcase, "ÀÉÎ".downcase, "hello world".capitalize, "HeLLo".swapcase, "ǆemal".capitalize, "Àb".upcase(:ascii)
p (+"abc").upcase!, (+"ABC").upcase!, (+"Abc").capitalize!, (+"abc").swapcase!, (+"abc").downcase!
p (+"az").succ!, (+"abc").reverse!, (+"héllo").reverse!
