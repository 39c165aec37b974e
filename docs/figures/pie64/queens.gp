# gnuplot script written by `fleng sweep --plot`; run: gnuplot THIS_FILE
# ius=4 static=off 
$s0 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 0.798806 0.292801 0.2266 0.00740536630730548 0.34835099999999997
2 0.802954 0.43040999999999996 0.33605999999999997 0.0077325801673957225 0.398501
3 0.804497 0.503091 0.39366 0.0073709227430854545 0.433015
4 0.800734 0.326206 0.25428 0.006595942548134881 0.368463
6 0.803666 0.418409 0.32677999999999996 0.007887576206385838 0.39502099999999996
8 0.8033399999999999 0.412176 0.32286 0.007474253435745531 0.39186499999999996
10 0.804839 0.435764 0.34424 0.00709537422932525 0.401074
12 0.806786 0.500141 0.39283999999999997 0.0071298177935452765 0.417271
16 0.8121459999999999 0.540284 0.43385999999999997 0.00778424551372576 0.43070899999999995
32 0.820251 0.625821 0.50652 0.007164261357765302 0.469254
64 0.8419679999999999 0.9348139999999999 0.7899999999999999 0.008335342541246168 0.573511
128 0.870687 1.321669 1.1438599999999999 0.006819825715565046 0.715131
EOD
# ius=4 static=on 
$s1 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 0.9015679999999999 0.46335899999999997 0.45449999999999996 0.04157338201357076 0.456553
2 0.93175 0.501417 0.51618 0.053576964144249645 0.487809
3 0.931539 0.48483299999999996 0.5038199999999999 0.05402473047910998 0.483521
4 0.9356 0.484886 0.504 0.05547136017635105 0.480261
6 0.937897 0.484579 0.49828 0.05628078393552165 0.483159
8 0.931001 0.463342 0.48252 0.053990286914889954 0.473555
10 0.931365 0.455721 0.47353999999999996 0.05428305721076017 0.47118699999999997
12 0.9150769999999999 0.462786 0.45876 0.04749767505941515 0.461568
16 0.9507519999999999 0.473524 0.50556 0.06211896807081597 0.48889499999999997
32 0.943973 0.40554999999999997 0.43728 0.060155684910274516 0.470809
64 0.956243 0.332902 0.39992 0.06576998587813868 0.463941
128 1.187746 0.586019 0.80804 0.1573209795749664 0.6867989999999999
EOD
# ius=16 static=off 
$s2 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 0.8313429999999999 1.335983 0.8691599999999999 0.00885199600454655 0.20299199999999998
2 0.8481179999999999 1.791081 1.1489 0.010711948472427927 0.23457899999999998
3 0.839472 1.5653819999999998 1.00224 0.008232011848586091 0.214449
4 0.842737 1.66262 1.03958 0.008920883132986602 0.220752
6 0.8587429999999999 2.075188 1.2413999999999998 0.009885302931147316 0.245443
8 0.856478 2.0995589999999997 1.2638399999999999 0.007887576206385838 0.249443
10 0.8601979999999999 2.179329 1.2711 0.007078152447215238 0.255981
12 0.8620709999999999 2.1866149999999998 1.29278 0.006699273240794957 0.254801
16 0.864833 2.232515 1.3069199999999999 0.006010401956394447 0.258498
32 0.90398 3.2759169999999997 1.7942799999999999 0.00740536630730548 0.33175899999999997
64 1.015466 5.832510999999999 2.96428 0.004701546516033479 0.51767
128 1.018791 5.918498 2.9963599999999997 0.004822098990803568 0.525583
EOD
# ius=16 static=on 
$s3 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.1425509999999999 1.2080549999999999 1.06584 0.13057555195811663 0.23512899999999998
2 1.1569909999999999 1.384145 1.10726 0.1355526469879103 0.247834
3 1.1400569999999999 1.298888 1.0551599999999999 0.12869837770812523 0.238396
4 1.122411 1.216959 0.99334 0.12236076189164055 0.235307
6 1.138494 1.2773619999999999 1.02112 0.1282506113732649 0.23903
8 1.1608289999999999 1.481266 1.1054 0.13651706678607103 0.258972
10 1.182977 1.450545 1.0997999999999999 0.14697068852684875 0.25721
12 1.180313 1.5374249999999998 1.1444999999999999 0.14437019942823684 0.261894
16 1.183806 1.581824 1.15776 0.14543794991905762 0.269177
32 1.338395 1.808933 1.43048 0.20328591602659044 0.306907
64 1.6372419999999999 2.380489 1.97732 0.3159335928081838 0.399373
128 2.165799 3.328694 2.8954 0.5173595563668928 0.54352
EOD
# ius=64 static=off 
$s4 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.009704 5.903471 3.04506 0.002428271277511797 0.194932
2 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
3 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
4 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
6 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
8 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
10 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
12 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
16 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
32 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
64 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
128 1.014899 6.118848 3.09592 0.002032170288981504 0.197756
EOD
# ius=64 static=on 
$s5 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.897111 4.260197 2.7693 0.38430406778493437 0.194819
2 2.283422 5.181971 3.4849799999999997 0.5184789722040437 0.22904999999999998
3 2.500435 5.865933999999999 3.87254 0.5918093204284779 0.247967
4 2.545076 6.15177 3.9368999999999996 0.6103227361967416 0.251776
6 2.641159 6.417342 4.09544 0.6447663004167671 0.263386
8 2.673715 6.436768 4.1670799999999995 0.6536010746392037 0.261578
10 2.643891 6.378875 4.1028 0.6451624014052975 0.26081299999999996
12 2.7080379999999997 6.473407 4.2119 0.6680673716116143 0.270931
16 2.7080379999999997 6.473407 4.2119 0.6680673716116143 0.270931
32 2.7080379999999997 6.473407 4.2119 0.6680673716116143 0.270931
64 2.7080379999999997 6.473407 4.2119 0.6680673716116143 0.270931
128 2.7080379999999997 6.473407 4.2119 0.6680673716116143 0.270931
EOD
set logscale x 2
set grid
set key top right font ",9"
set pointsize 0.8
set offsets graph 0.03, graph 0.03, 0, 0
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/queens-4ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (4 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:1.28276568]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:1.42740252]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:1.2353688]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.16990665794096374]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:1.28276568]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:1.42740252]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:1.2353688]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.16990665794096374]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/queens-4ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (4 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:1.28276568]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:1.42740252]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:1.2353688]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.16990665794096374]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:1.28276568]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:1.42740252]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:1.2353688]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.16990665794096374]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/queens-16ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (16 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.33906292]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.39197784]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.2360688]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.5587483208762443]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.33906292]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.39197784]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.2360688]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.5587483208762443]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/queens-16ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (16 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.33906292]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.39197784]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.2360688]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.5587483208762443]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.33906292]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.39197784]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.2360688]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.5587483208762443]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/queens-64ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (64 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.92468104]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.991279560000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:4.548852]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.7215127613405435]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.92468104]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.991279560000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:4.548852]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.7215127613405435]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/queens-64ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (64 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.92468104]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.991279560000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:4.548852]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.7215127613405435]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.92468104]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.991279560000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:4.548852]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.7215127613405435]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 900,500
set output "docs/figures/pie64/queens.svg"
set title "Makespan (overall execution time): queens\\_annotated.fl run(8)" font ",13"
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
set output "docs/figures/pie64/queens.png"
set title "Makespan (overall execution time): queens\\_annotated.fl run(8)" font ",13"
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
