-ne
print $., " ", $_
< in1.txt
