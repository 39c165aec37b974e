# gnuplot script written by `fleng sweep --plot`; run: gnuplot THIS_FILE
# ius=4 static=off 
$s0 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 3.375568 11.544955 8.90686 0.04285510096454782 4.128741
2 3.516603 11.257352 8.9749 0.06745427392763674 3.977264
3 3.602462 12.110365 9.87988 0.07880508445338183 4.236401
4 3.744849 12.565666 10.53158 0.10286209972744255 4.437154
6 4.147949 13.885767999999999 12.43052 0.16910884062042555 5.050625999999999
8 4.4484449999999995 15.048556 14.08864 0.21450222531087815 5.560582
10 4.851304 16.464119999999998 16.09148 0.27864933733544284 6.195777
12 5.305427 17.999598 18.36866 0.3494107731661516 6.900188
16 5.693921 19.199804 20.25914 0.40529737349243194 7.511676
32 5.708984999999999 19.256332 20.34328 0.40727871341051686 7.542558
64 5.708984999999999 19.256332 20.34328 0.40727871341051686 7.542558
128 5.708984999999999 19.256332 20.34328 0.40727871341051686 7.542558
EOD
# ius=4 static=on 
$s1 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 3.99381 8.101193 6.26434 0.12304022317181963 4.762542
2 4.025487 11.11089 8.52794 0.10792880976672434 5.949185
3 4.206824999999999 10.155949 7.90602 0.13353343880764737 5.591165999999999
4 4.1874839999999995 12.404216 9.62202 0.12638188601873895 6.256901
6 4.32682 13.111004 10.27282 0.14896028941363182 6.153849999999999
8 4.492197 13.210106 10.47518 0.1745254888044437 6.240155
10 4.536197 13.436003999999999 10.652859999999999 0.17794108224532143 6.203951
12 4.695519 14.25925 11.425099999999999 0.20450680900770357 6.4041049999999995
16 4.8030409999999994 14.935621 12.048259999999999 0.2212249806548279 6.663926
32 4.8205469999999995 14.835948 11.980139999999999 0.22454199997042776 6.614916999999999
64 4.8205469999999995 14.835948 11.980139999999999 0.22454199997042776 6.614916999999999
128 4.8205469999999995 14.835948 11.980139999999999 0.22454199997042776 6.614916999999999
EOD
# ius=16 static=off 
$s2 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 5.801788999999999 28.350030999999998 26.77874 0.4268801782220185 3.178019
2 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
3 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
4 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
6 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
8 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
10 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
12 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
16 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
32 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
64 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
128 5.8170209999999996 28.380979999999997 26.8234 0.4293001729975899 3.185178
EOD
# ius=16 static=on 
$s3 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 4.699107 21.88288 16.34482 0.21349676923304403 2.291588
2 4.937256 23.551057 17.82966 0.24951082590330864 2.459934
3 4.919815 23.491956 17.748739999999998 0.24477926788997156 2.444458
4 4.91174 23.408210999999998 17.67998 0.24305914940387296 2.4625209999999997
6 4.91174 23.408210999999998 17.67998 0.24305914940387296 2.4625209999999997
8 4.91174 23.408210999999998 17.67998 0.24305914940387296 2.4625209999999997
10 4.91174 23.408210999999998 17.67998 0.24305914940387296 2.4625209999999997
12 4.91174 23.408210999999998 17.67998 0.24305914940387296 2.4625209999999997
16 4.91174 23.408210999999998 17.67998 0.24305914940387296 2.4625209999999997
32 4.91174 23.408210999999998 17.67998 0.24305914940387296 2.4625209999999997
64 4.91174 23.408210999999998 17.67998 0.24305914940387296 2.4625209999999997
128 4.91174 23.408210999999998 17.67998 0.24305914940387296 2.4625209999999997
EOD
# ius=64 static=off 
$s4 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
2 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
3 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
4 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
6 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
8 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
10 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
12 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
16 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
32 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
64 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
128 5.810525 29.661998999999998 27.360039999999998 0.4277722740557831 1.767644
EOD
# ius=64 static=on 
$s5 << EOD
# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles
1 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
2 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
3 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
4 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
6 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
8 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
10 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
12 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
16 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
32 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
64 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
128 5.649608 28.751452 21.4037 0.39478937173781253 1.327858
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
set yrange [0:6.165703799999999]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:20.79683856]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:21.970742400000002]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.43986101048335824]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.165703799999999]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:20.79683856]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:21.970742400000002]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.43986101048335824]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/primes-4ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (4 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.165703799999999]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:20.79683856]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:21.970742400000002]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.43986101048335824]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s0 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.165703799999999]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:20.79683856]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:21.970742400000002]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.43986101048335824]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s1 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/primes-16ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (16 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.2823826799999996]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:30.6514584]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:28.969272]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4636441868373971]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.2823826799999996]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:30.6514584]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:28.969272]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4636441868373971]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/primes-16ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (16 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.2823826799999996]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:30.6514584]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:28.969272]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4636441868373971]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s2 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.2823826799999996]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:30.6514584]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:28.969272]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4636441868373971]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s3 using 1:5 with linespoints title ""
unset multiplot
set terminal svg enhanced background rgb 'white' size 1000,1100
set output "docs/figures/pie64/primes-64ius.svg"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (64 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.275367000000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:32.03495892]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:29.5488432]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4619940559802458]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.275367000000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:32.03495892]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:29.5488432]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4619940559802458]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:5 with linespoints title ""
unset multiplot
set terminal pngcairo enhanced size 1000,1100
set output "docs/figures/pie64/primes-64ius.png"
set multiplot layout 4,2 columnsfirst title "Effects of load partitioning (64 IUs): primes\\_annotated.fl run(3000)" font ",13"
set title "static off"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.275367000000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:2 with linespoints title ""
set title "static off"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:32.03495892]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:3 with linespoints title ""
set title "static off"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:29.5488432]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:4 with linespoints title ""
set title "static off"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4619940559802458]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s4 using 1:5 with linespoints title ""
set title "static on"
set ylabel "UNIRED running (Mcycles)"
unset xlabel
set yrange [0:6.275367000000001]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:2 with linespoints title ""
set title "static on"
set ylabel "UNIRED stall (Mcycles)"
unset xlabel
set yrange [0:32.03495892]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:3 with linespoints title ""
set title "static on"
set ylabel "NIP running (Mcycles)"
unset xlabel
set yrange [0:29.5488432]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "10" 10, "12" 12, "16" 16, "32" 32, "64" 64, "128" 128) rotate by -50 font ",8"
plot $s5 using 1:4 with linespoints title ""
set title "static on"
set ylabel "suspension rate"
set xlabel "dynamic-partitioning threshold"
set yrange [0:0.4619940559802458]
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
