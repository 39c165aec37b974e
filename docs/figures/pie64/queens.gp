# gnuplot script written by `fleng sweep --plot`; run: gnuplot THIS_FILE
# ius=4 static=off 
$s0 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 0.978147 0.35836199999999996 0.28082 0.03237695036682396 0.420576
2 0.9793839999999999 0.448897 0.3513 0.03272138600902422 0.443708
3 0.98039 0.37135199999999996 0.29525999999999997 0.03346192263975476 0.425241
4 0.9791479999999999 0.363431 0.28758 0.03222195432783385 0.42500299999999996
6 0.979324 0.36166699999999996 0.28662 0.03235972858471395 0.42291399999999996
8 0.978667 0.335234 0.26398 0.032428615713153995 0.414238
10 0.979846 0.399237 0.31856 0.031395308786553236 0.433315
12 0.9822599999999999 0.455352 0.36366 0.03186029690352358 0.452133
16 0.981441 0.44664099999999995 0.35368 0.031705300864533464 0.447513
32 0.9891 0.667694 0.55546 0.03010367512830228 0.517672
64 0.99693 0.886138 0.7542599999999999 0.028260944442530914 0.59503
128 1.012724 1.298583 1.1356 0.025264354355388697 0.738043
EOD
# ius=4 static=on 
$s1 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.091832 0.518998 0.53464 0.07799745117624772 0.54301
2 1.106105 0.5381589999999999 0.5633 0.08409396204319224 0.550161
3 1.107319 0.5430929999999999 0.56662 0.08440395412117246 0.5538879999999999
4 1.090175 0.497529 0.50978 0.07739468880239728 0.528922
6 1.098698 0.487235 0.5164799999999999 0.08156236007302035 0.53138
8 1.0846019999999998 0.453511 0.47259999999999996 0.0758102848482761 0.514274
10 1.094315 0.481076 0.50036 0.07990906899045913 0.526315
12 1.096281 0.49313799999999997 0.5123 0.0808218234422898 0.533106
16 1.0912899999999999 0.44317399999999996 0.46656 0.07901353632073847 0.518573
32 1.113313 0.451474 0.4957 0.08881273034133572 0.540051
64 1.115823 0.347118 0.40652 0.09036269073123687 0.507439
128 1.242367 0.557906 0.69362 0.1421485895360452 0.6505719999999999
EOD
# ius=16 static=off 
$s2 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 0.9963 1.599108 1.0612 0.0300003444356422 0.224651
2 0.99784 1.685436 1.08572 0.030017566217752215 0.228093
3 0.997423 1.666269 1.05042 0.029397582061791754 0.22819499999999998
4 0.995852 1.579867 1.01484 0.029793683050322047 0.21806
6 1.004718 2.050861 1.24114 0.02741707711914029 0.254778
8 1.003979 2.054341 1.2555399999999999 0.027503186029690353 0.25801199999999996
10 1.007058 2.26022 1.3289 0.02541935039437881 0.268812
12 1.0012999999999999 1.911074 1.1787999999999998 0.0282437226604209 0.246856
16 1.0070649999999999 2.114096 1.2626199999999999 0.027399855337030276 0.259415
32 1.0168519999999999 2.818473 1.6052799999999998 0.022422760307236594 0.307629
64 1.074432 5.68399 2.92714 0.005838184135294321 0.512084
128 1.077979 5.855836 2.98638 0.0048393207729135815 0.5252249999999999
EOD
# ius=16 static=on 
$s3 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.276389 1.203319 1.06978 0.14712568456583888 0.24620399999999998
2 1.285653 1.1742949999999999 1.031 0.15084558950160162 0.24270599999999998
3 1.287297 1.263309 1.0421 0.151362242964902 0.24791
4 1.276872 1.2658099999999999 1.00966 0.14738401129748907 0.249131
6 1.286931 1.2958459999999998 1.04 0.1515000172217821 0.247504
8 1.2985529999999998 1.281641 1.05436 0.1563737815589157 0.251261
10 1.339659 1.51995 1.15034 0.17102951813453657 0.270673
12 1.337702 1.508144 1.1595 0.17152894981572694 0.272014
16 1.3340459999999998 1.472262 1.17376 0.17025453793958598 0.268846
32 1.4665219999999999 1.67075 1.38792 0.22231598525815452 0.305697
64 1.707515 2.36436 1.93088 0.31491750766369303 0.392154
128 2.201758 3.2172899999999998 2.8440399999999997 0.5093514276857369 0.533528
EOD
# ius=64 static=off 
$s4 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.072462 6.00882 3.07734 0.0021010574174215547 0.200758
2 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
3 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
4 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
6 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
8 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
10 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
12 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
16 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
32 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
64 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
128 1.073933 6.057995 3.09278 0.0019288395963214273 0.20449599999999998
EOD
# ius=64 static=on 
$s5 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.899794 3.8755469999999996 2.6261799999999997 0.36077911342265695 0.184855
2 2.339719 5.783697999999999 3.5041599999999997 0.5217683325870561 0.240388
3 2.4695329999999998 5.685023999999999 3.73744 0.568973237350601 0.24071099999999998
4 2.560197 6.012185 3.89456 0.6031412530568663 0.252332
6 2.7077109999999998 6.569388 4.1555599999999995 0.6573898667034065 0.264704
8 2.6974 6.598654 4.12936 0.654014397409844 0.26323399999999997
10 2.744605 6.58841 4.2052 0.6733027933730582 0.264381
12 2.744605 6.58841 4.2052 0.6733027933730582 0.264381
16 2.744605 6.58841 4.2052 0.6733027933730582 0.264381
32 2.744605 6.58841 4.2052 0.6733027933730582 0.264381
64 2.744605 6.58841 4.2052 0.6733027933730582 0.264381
128 2.744605 6.58841 4.2052 0.6733027933730582 0.264381
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
set yrange [0:1.34175636]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:1.40246964]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:1.226448]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.15352047669892882]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:1.34175636]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:1.40246964]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:1.226448]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.15352047669892882]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/queens-4ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (4 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:1.34175636]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:1.40246964]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:1.226448]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.15352047669892882]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:1.34175636]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:1.40246964]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:1.226448]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.15352047669892882]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/queens-16ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (16 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.37789864]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.32430288]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.2252904000000004]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.550099541900596]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.37789864]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.32430288]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.2252904000000004]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.550099541900596]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/queens-16ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (16 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.37789864]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.32430288]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.2252904000000004]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.550099541900596]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.37789864]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:6.32430288]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.2252904000000004]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.550099541900596]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/queens-64ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (64 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.9641734]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:7.12654632]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:4.541615999999999]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.7271670168429029]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.9641734]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:7.12654632]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:4.541615999999999]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.7271670168429029]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/queens-64ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (64 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.9641734]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:7.12654632]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:4.541615999999999]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.7271670168429029]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:2.9641734]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:7.12654632]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:4.541615999999999]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.7271670168429029]
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
