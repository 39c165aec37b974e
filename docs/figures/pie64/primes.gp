# gnuplot script written by `fleng sweep --plot`; run: gnuplot THIS_FILE
# ius=4 static=off 
$s0 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 3.3795409999999997 11.329267999999999 8.70998 0.04376691162336798 4.049001
2 3.5191749999999997 11.862644999999999 9.42784 0.06541871824064902 4.1294439999999994
3 3.6218869999999996 12.111158 9.79008 0.0832064191470381 4.244368
4 3.7566409999999997 12.644808999999999 10.4467 0.10633683764348696 4.452627
6 4.079016 13.912861999999999 12.14562 0.15630406174683206 5.009976
8 4.282895 14.819948 13.35886 0.18565943625457754 5.401375
10 4.954732 17.23349 16.57986 0.2946627039868305 6.453523
12 5.001613 17.547195 17.03114 0.29737349243197153 6.602932
16 5.712555999999999 19.881842 20.31164 0.4082250250131843 7.697172999999999
32 5.699902 19.834478 20.26828 0.4051445835982513 7.680212999999999
64 5.699902 19.834478 20.26828 0.4051445835982513 7.680212999999999
128 5.699902 19.834478 20.26828 0.4051445835982513 7.680212999999999
EOD
# ius=4 static=on 
$s1 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 3.917912 9.774493999999999 7.48534 0.09944157758030095 5.7914129999999995
2 4.040032 9.49954 7.291379999999999 0.11479942629859088 5.309442
3 4.168540999999999 10.779634 8.31862 0.1293391097770746 5.7251009999999996
4 4.1755949999999995 12.203354 9.4275 0.1275894190533927 5.990571
6 4.32989 13.633989999999999 10.64806 0.14935951462100713 6.311503999999999
8 4.380047 13.846744 10.85238 0.15780731715731938 6.130577
10 4.524661 13.890875 10.97714 0.1774777838565155 6.272486
12 4.726325 15.523767 12.43574 0.20947987362797138 6.726325999999999
16 4.777188 16.379946 13.150459999999999 0.2163899198099491 6.989033999999999
32 4.81352 16.564863 13.33034 0.2230929603288433 7.046942
64 4.81352 16.564863 13.33034 0.2230929603288433 7.046942
128 4.81352 16.564863 13.33034 0.2230929603288433 7.046942
EOD
# ius=16 static=off 
$s2 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 5.79068 31.621336 26.67334 0.4252339903298783 3.38273
2 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
3 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
4 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
6 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
8 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
10 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
12 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
16 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
32 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
64 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
128 5.805342 31.910839 26.795859999999998 0.4266337429088239 3.386152
EOD
# ius=16 static=on 
$s3 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 4.829067 23.015038999999998 17.06674 0.23599138462145072 2.480076
2 4.953679 23.943095 17.87146 0.2533897177329923 2.552418
3 4.987962 24.194205999999998 18.08842 0.2587718649731632 2.549121
4 4.996746 24.202222 18.10598 0.26055605664069237 2.5566839999999997
6 4.996746 24.202222 18.10598 0.26055605664069237 2.5566839999999997
8 4.996746 24.202222 18.10598 0.26055605664069237 2.5566839999999997
10 4.996746 24.202222 18.10598 0.26055605664069237 2.5566839999999997
12 4.996746 24.202222 18.10598 0.26055605664069237 2.5566839999999997
16 4.996746 24.202222 18.10598 0.26055605664069237 2.5566839999999997
32 4.996746 24.202222 18.10598 0.26055605664069237 2.5566839999999997
64 4.996746 24.202222 18.10598 0.26055605664069237 2.5566839999999997
128 4.996746 24.202222 18.10598 0.26055605664069237 2.5566839999999997
EOD
# ius=64 static=off 
$s4 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
2 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
3 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
4 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
6 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
8 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
10 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
12 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
16 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
32 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
64 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
128 5.810115 31.146755 27.35492 0.4274223359110467 1.803558
EOD
# ius=64 static=on 
$s5 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
2 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
3 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
4 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
6 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
8 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
10 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
12 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
16 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
32 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
64 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
128 5.571344 28.525890999999998 21.01194 0.37867743096114703 1.211905
EOD
set logscale x 2
set grid
set key top right font ",9"
set pointsize 0.8
set offsets graph 0.03, graph 0.03, 0, 0
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/primes-4ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (4 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.1695604799999995]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:21.47238936]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:21.936571200000003]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4408830270142391]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.1695604799999995]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:21.47238936]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:21.936571200000003]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4408830270142391]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/primes-4ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (4 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.1695604799999995]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:21.47238936]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:21.936571200000003]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4408830270142391]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.1695604799999995]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:21.47238936]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:21.936571200000003]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4408830270142391]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/primes-16ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (16 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.26976936]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:34.463706120000005]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:28.939528799999998]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.46076444234152986]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.26976936]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:34.463706120000005]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:28.939528799999998]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.46076444234152986]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/primes-16ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (16 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.26976936]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:34.463706120000005]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:28.939528799999998]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.46076444234152986]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.26976936]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:34.463706120000005]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:28.939528799999998]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.46076444234152986]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/primes-64ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (64 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.2749242]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:33.638495400000004]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:29.5433136]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4616161227839305]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.2749242]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:33.638495400000004]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:29.5433136]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4616161227839305]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/primes-64ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (64 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.2749242]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:33.638495400000004]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:29.5433136]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4616161227839305]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.2749242]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:33.638495400000004]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:29.5433136]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4616161227839305]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 900,500
set output "docs/figures/pie64/primes.svg"
set title "Makespan (overall execution time): primes\\_annotated.fl run(3000)" font ",13"
set ylabel "makespan (Mcycles)"
set xlabel "dynamic-partitioning threshold"
set logscale y
set autoscale y
set key outside right top
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128)
plot $s0 using 1:6 with linespoints linecolor 1 dashtype 1 title "4 IUs, static off", $s1 using 1:6 with linespoints linecolor 1 dashtype 2 title "4 IUs, static on", $s2 using 1:6 with linespoints linecolor 2 dashtype 1 title "16 IUs, static off", $s3 using 1:6 with linespoints linecolor 2 dashtype 2 title "16 IUs, static on", $s4 using 1:6 with linespoints linecolor 3 dashtype 1 title "64 IUs, static off", $s5 using 1:6 with linespoints linecolor 3 dashtype 2 title "64 IUs, static on"
unset logscale y
set key top right
set terminal pngcairo enhanced size 900,500
set output "docs/figures/pie64/primes.png"
set title "Makespan (overall execution time): primes\\_annotated.fl run(3000)" font ",13"
set ylabel "makespan (Mcycles)"
set xlabel "dynamic-partitioning threshold"
set logscale y
set autoscale y
set key outside right top
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128)
plot $s0 using 1:6 with linespoints linecolor 1 dashtype 1 title "4 IUs, static off", $s1 using 1:6 with linespoints linecolor 1 dashtype 2 title "4 IUs, static on", $s2 using 1:6 with linespoints linecolor 2 dashtype 1 title "16 IUs, static off", $s3 using 1:6 with linespoints linecolor 2 dashtype 2 title "16 IUs, static on", $s4 using 1:6 with linespoints linecolor 3 dashtype 1 title "64 IUs, static off", $s5 using 1:6 with linespoints linecolor 3 dashtype 2 title "64 IUs, static on"
unset logscale y
set key top right
set output
