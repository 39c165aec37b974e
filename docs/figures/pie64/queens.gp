# gnuplot script written by `fleng sweep --plot`; run: gnuplot THIS_FILE
# ius=4 static=off 
$s0 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.113313 1.856822 1.65176 0.0889160610339958 0.9123049999999999
2 1.104468 1.85568 1.62256 0.08383563531154203 0.902032
3 1.0867909999999998 1.375148 1.2549599999999999 0.07835910860055799 0.751378
4 1.089766 1.365427 1.24376 0.07994351255467916 0.744193
6 1.0566229999999999 1.134576 0.9858399999999999 0.06561498983914855 0.672554
8 1.102679 1.638652 1.4241 0.08535115213722316 0.820616
10 1.135189 1.944526 1.7498799999999999 0.09871525505459305 0.921684
12 1.057469 1.05149 0.9156 0.06652774429097923 0.634823
16 1.1600789999999999 1.8970989999999999 1.70712 0.11032273619674164 0.913422
32 1.174197 2.040831 1.81422 0.11578204112561567 0.9503739999999999
64 1.1286829999999999 1.581424 1.41096 0.09723418179313195 0.811398
128 1.3803999999999998 3.6532259999999996 3.32102 0.20409533978576103 1.476176
EOD
# ius=4 static=on 
$s1 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.0816999999999999 0.508828 0.50718 0.07386422346984466 0.5363049999999999
2 1.104803 0.562419 0.56822 0.08359453036200186 0.5573429999999999
3 1.0877459999999999 0.5428959999999999 0.53038 0.07646471256845658 0.5430929999999999
4 1.097159 0.518172 0.51554 0.0806668274032997 0.539999
6 1.095393 0.512529 0.51468 0.07958185513036889 0.539907
8 1.085834 0.484461 0.48006 0.07644749078634658 0.522488
10 1.087488 0.492959 0.49172 0.07684359177487686 0.527586
12 1.104355 0.509805 0.52284 0.08405951847897221 0.541102
16 1.087797 0.47107 0.46965999999999997 0.07760135018771742 0.526392
32 1.065296 0.39081 0.37972 0.06900768091482107 0.488042
64 1.190021 0.46432999999999996 0.56096 0.12098301932283953 0.5879249999999999
128 1.319915 0.583919 0.78708 0.17400888643956877 0.7099989999999999
EOD
# ius=16 static=off 
$s2 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.275513 6.214436 3.55096 0.1537905142424138 0.553621
2 1.2397719999999999 5.944933 3.24288 0.13941032618055316 0.530131
3 1.2322549999999999 5.923623999999999 3.17374 0.13672372817139117 0.520234
4 1.256707 6.267155 3.38808 0.14734956773326904 0.550653
6 1.233102 5.920929 3.17916 0.13830813212551235 0.523065
8 1.355415 8.048736 4.3553999999999995 0.19005958736610065 0.674025
10 1.429811 9.185210999999999 5.06504 0.22157544862742395 0.749366
12 1.32857 7.359261 4.0279 0.17853821513450213 0.635405
16 1.503042 10.471974999999999 5.68142 0.252712430682327 0.836027
32 1.710998 13.665541 7.5949 0.34192126201219303 1.064989
64 1.860539 16.386082 9.11214 0.40286914889952813 1.24911
128 3.156713 37.031498 20.98152 0.9556366892846072 2.6997999999999998
EOD
# ius=16 static=on 
$s3 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.259445 2.954183 1.12702 0.13787758757276203 0.360888
2 1.320435 3.602441 1.2631599999999998 0.16088588847173907 0.40929699999999997
3 1.3295409999999999 3.6174389999999996 1.25 0.1655357696414425 0.40752299999999997
4 1.3528559999999998 3.872784 1.2992 0.1737850032721386 0.433627
6 1.303799 3.482983 1.1798 0.1555299142355251 0.39496499999999996
8 1.388085 4.143081 1.34188 0.18883684083628974 0.450607
10 1.335413 3.739328 1.2248999999999999 0.16772293596941412 0.415997
12 1.379843 3.968915 1.31368 0.18615024282712775 0.43527499999999997
16 1.3745479999999999 3.8540959999999997 1.3074599999999998 0.18313643095787552 0.429237
32 1.499704 4.984421 1.48992 0.23480177728791377 0.516359
64 1.7357369999999999 6.561201 1.9760199999999999 0.3245272620810801 0.662142
128 2.1940049999999998 9.995889 2.8473599999999997 0.5037543484999828 0.951689
EOD
# ius=64 static=off 
$s4 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 1.6521759999999999 31.474852 7.78482 0.304050563152275 0.604471
2 1.7750249999999999 38.206584 8.96222 0.3568869906657941 0.713546
3 1.760124 37.466983 8.80956 0.35073881445251953 0.704738
4 1.947301 45.609798999999995 10.6108 0.42982123790169807 0.839916
6 1.9206249999999998 45.383351999999995 10.338199999999999 0.4190920676471601 0.83341
8 1.957814 46.429021 10.69512 0.43474666758516173 0.8437669999999999
10 1.98043 47.667643 10.912759999999999 0.44449419625942893 0.8610669999999999
12 2.1857919999999997 57.577479 12.91298 0.5316536355182034 1.02057
16 2.418746 67.987411 15.104 0.629628353942066 1.19027
32 3.103608 98.959779 21.55726 0.9211759032824717 1.6911129999999999
64 3.103608 98.959779 21.55726 0.9211759032824717 1.6911129999999999
128 3.103608 98.959779 21.55726 0.9211759032824717 1.6911129999999999
EOD
# ius=64 static=on 
$s5 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 2.665173 41.181576 4.1033 0.6376881479695519 0.9104589999999999
2 2.7365649999999997 44.102495999999995 4.20602 0.6680501498295044 0.950611
3 2.7362819999999997 43.573585 4.2044 0.6688767953707849 0.9488369999999999
4 2.733724 44.443418 4.19438 0.6679295973547342 0.958579
6 2.745809 45.080241 4.20554 0.6736472290152585 0.966359
8 2.746779 44.169405 4.20972 0.6740949953501189 0.956409
10 2.746779 44.169405 4.20972 0.6740949953501189 0.956409
12 2.746779 44.169405 4.20972 0.6740949953501189 0.956409
16 2.746779 44.169405 4.20972 0.6740949953501189 0.956409
32 2.746779 44.169405 4.20972 0.6740949953501189 0.956409
64 2.746779 44.169405 4.20972 0.6740949953501189 0.956409
128 2.746779 44.169405 4.20972 0.6740949953501189 0.956409
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
set yrange [0:1.490832]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:3.94548408]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.5867016]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.22042296696862193]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:1.490832]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:3.94548408]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.5867016]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.22042296696862193]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/queens-4ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (4 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:1.490832]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:3.94548408]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.5867016]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.22042296696862193]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:1.490832]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:3.94548408]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:3.5867016]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.22042296696862193]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/queens-16ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (16 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:3.4092500400000003]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:39.994017840000005]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:22.6600416]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:1.0320876244273758]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:3.4092500400000003]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:39.994017840000005]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:22.6600416]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:1.0320876244273758]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/queens-16ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (16 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:3.4092500400000003]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:39.994017840000005]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:22.6600416]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:1.0320876244273758]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:3.4092500400000003]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:39.994017840000005]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:22.6600416]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:1.0320876244273758]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/queens-64ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (64 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:3.35189664]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:106.87656132000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:23.2818408]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.9948699755450695]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:3.35189664]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:106.87656132000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:23.2818408]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.9948699755450695]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/queens-64ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (64 IUs): queens\\_annotated.fl run(8)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:3.35189664]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:106.87656132000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:23.2818408]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.9948699755450695]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:3.35189664]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:106.87656132000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:23.2818408]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.9948699755450695]
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
