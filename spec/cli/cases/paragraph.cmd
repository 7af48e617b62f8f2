-00
-ne
p $_
paras.txt
