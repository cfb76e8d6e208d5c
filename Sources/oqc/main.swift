import OpenQuartzCore
print("oqc: not yet")
