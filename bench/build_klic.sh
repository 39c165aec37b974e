#!/usr/bin/env bash
# bench/build_klic.sh -- build KLIC (the KL1-to-C compiler) from its public sources and install
# it under a prefix, for the benchmark's KLIC column (bash bench/run.sh --klic PREFIX).
#
#   bash bench/build_klic.sh [--src GIT_URL_OR_DIR] [--version klic-3.01] [--prefix /tmp/klic]
#                            [--bits auto|32|64]
#
#   --src      where the sources are: a git URL (default
#              https://github.com/GunterMueller/KLIC.git, cloned shallow and sparse), a git
#              repository (bare, e.g. a mirror, or with a work tree), a directory holding
#              VERSION/, or a KLIC source tree itself
#   --version  the folder of the repository to build (default klic-3.01, the version the
#              benchmark was run with; klic-3.011 to klic-3.014 hold the same compiler, 3.01,
#              with more documents and examples)
#   --prefix   where to install (default /tmp/klic): PREFIX/bin/klic, PREFIX/lib, PREFIX/include
#   --bits     32 (gcc -m32, KLIC's documented build), 64 (the machine's own word), or auto
#              (default): 32 when this machine runs 32-bit programs, else 64
#
# Why: KLIC is not part of this project, and its sources and binaries are not committed; this
# script builds it outside the repository, in a temporary directory under /tmp (deleted after a
# successful build, kept after a failure), so that anyone can reproduce the KLIC column.
#
# What it does: installs the Debian packages it needs when missing (gcc-multilib, make, git;
# as root, or with sudo), copies the sources of VERSION into the build directory, configures
# them non-interactively (KLIC's Configure script reads the answers from a config.sh written
# here, and stdin is /dev/null), builds with make -j1 (KLIC's INSTALL forbids parallel make),
# runs KLIC's own tests (make tests), installs, and checks the install by compiling a small KL1
# program with PREFIX/bin/klic -O2 -n and running it.  Takes about a minute on 2 cores.
#
# KLIC runs as a 32-bit program (its README: "all as 32-bit applications"), so it is built with
# gcc -m32, which needs Debian's gcc-multilib (the 32-bit libc).  Some kernels cannot run 32-bit
# programs at all (built without IA32 emulation: "Exec format error"); there --bits auto builds
# KLIC with 64-bit words instead (its sources are 64-bit clean: KLIC ran on DEC Alpha, and its
# own tests pass), and says so.  Words of 8 bytes, as fleng's cells, make KLIC's lists and goal
# records twice the size of the 32-bit build's: the benchmark report names the build it timed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

src="https://github.com/GunterMueller/KLIC.git"
version="klic-3.01"
prefix="/tmp/klic"
bits="auto"

die() {
    echo "build_klic: $*" >&2
    exit 1
}

usage() {
    sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

while (($#)); do
    case "$1" in
        --src|--version|--prefix|--bits)
            (($# >= 2)) || die "$1 needs a value (see --help)"
            case "$1" in
                --src) src="$2" ;;
                --version) version="$2" ;;
                --prefix) prefix="$2" ;;
                --bits) bits="$2" ;;
            esac
            shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done

[[ $bits == auto || $bits == 32 || $bits == 64 ]] || die "--bits must be auto, 32 or 64, not '$bits'"
[[ $version =~ ^klic-[0-9][0-9.]*$ ]] || die "--version must name a folder such as klic-3.01, not '$version'"

# The absolute, symlink-free prefix (realpath -m: it need not exist yet), checked before
# anything is created.  KLIC's Configure and Makefiles do not quote paths: no spaces or shell
# characters in it.
[[ -n $prefix ]] || die "--prefix is empty"
prefix="$(realpath -m -- "$prefix")"
[[ $prefix =~ ^/[A-Za-z0-9._/+-]+$ ]] ||
    die "--prefix '$prefix': KLIC's build scripts need a path of letters, digits and ._/+- only"
case "$prefix/" in
    "$(realpath "$ROOT")"/*)
        die "--prefix $prefix is inside the repository; KLIC's binaries must stay outside it" ;;
esac

is_url=false
case "$src" in
    *://*|git@*) is_url=true ;;
    *) [[ -e $src ]] || die "--src $src: no such directory (and not a git URL)" ;;
esac

# ---- build dependencies (Debian packages), installed only when missing, as scripts/setup.sh does
packages=(gcc-multilib make)
if $is_url || [[ -f $src/HEAD && -d $src/objects ]]; then
    packages+=(git)    # to clone, or to read a bare repository
fi
command -v dpkg-query >/dev/null ||
    die "no dpkg-query: this script installs its dependencies with apt-get (Debian, Ubuntu); elsewhere install ${packages[*]} (gcc able to build with -m32) yourself and drop this check"
missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if ((${#missing[@]})); then
    as_root=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null ||
            die "missing packages ${missing[*]}; install them as root: apt-get install --no-install-recommends ${missing[*]}"
        as_root=(sudo)
    fi
    echo "build_klic: installing ${missing[*]} (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    "${as_root[@]}" apt-get update -qq ||
        die "apt-get update failed; install ${missing[*]} by hand and run again"
    "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
        die "apt-get install ${missing[*]} failed; install them by hand and run again"
fi

# ---- the build directory: under /tmp, never inside the repository
work="$(mktemp -d /tmp/klic-build.XXXXXX)"
building=false    # true from the first build step on: a failure then keeps $work and its logs
finished=false
cleanup() {
    if ! $finished && $building; then
        echo "build_klic: failed; the build directory (with its logs) is kept: $work" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

# A 32-bit build needs gcc -m32 to link a program (gcc-multilib's 32-bit libc) and the kernel to
# run it; say so plainly if either cannot.  --bits auto takes 64 bits when the kernel cannot.
if [[ $bits != 64 ]]; then
    printf 'int main(void) { return 0; }\n' >"$work/m32.c"
    gcc -m32 -o "$work/m32" "$work/m32.c" >"$work/m32.log" 2>&1 ||
        die "gcc -m32 cannot link a program (is gcc-multilib installed?): $(tail -3 "$work/m32.log")"
    if ! "$work/m32" >>"$work/m32.log" 2>&1; then
        [[ $bits == 32 ]] &&
            die "this machine cannot run 32-bit programs ($(tail -1 "$work/m32.log")); build with --bits 64"
        echo "build_klic: this machine cannot run 32-bit programs (its kernel has no IA32 emulation): building KLIC with 64-bit words (--bits 64)"
        bits=64
    else
        bits=32
    fi
fi
if [[ $bits == 32 ]]; then
    klic_cc='gcc -m32 -fcommon'
    klic_libpath='/usr/lib32'
else
    klic_cc='gcc -fcommon'
    klic_libpath="/usr/lib/$(gcc -print-multiarch)"
fi

# ---- the sources of $version, copied to $work/$version
tree="$work/$version"
if $is_url; then
    echo "build_klic: cloning $src ($version only)"
    git clone --quiet --depth 1 --filter=blob:none --sparse "$src" "$work/repo" ||
        die "git clone $src failed"
    git -C "$work/repo" sparse-checkout set "$version" || die "git sparse-checkout $version failed"
    [[ -d $work/repo/$version ]] ||
        die "$src has no folder $version (it has: $(git -C "$work/repo" ls-tree -d --name-only HEAD | grep '^klic-' | paste -sd' '))"
    cp -a "$work/repo/$version" "$tree"
    rm -rf "$work/repo"
elif [[ $(git -C "$src" rev-parse --is-bare-repository 2>/dev/null || true) == true ]]; then
    echo "build_klic: extracting $version from the git repository $src"
    git --git-dir="$src" cat-file -e "HEAD:$version" 2>/dev/null ||
        die "$src has no folder $version at HEAD (it has: $(git --git-dir="$src" ls-tree -d --name-only HEAD | grep '^klic-' | paste -sd' '))"
    # HEAD:$version, not HEAD $version: the latter walks the whole tree, and a mirror may
    # lack large files outside $version (the repository's SOURCES/*.tgz).
    git --git-dir="$src" archive --format=tar --prefix="$version/" "HEAD:$version" | tar -x -C "$work" ||
        die "extracting $version from $src failed (are files of $version missing from that copy?)"
elif [[ -f $src/$version/Configure ]]; then
    echo "build_klic: copying $src/$version"
    cp -a "$src/$version" "$tree"
elif [[ -f $src/Configure && -f $src/klic-version ]]; then
    echo "build_klic: copying the KLIC tree $src"
    cp -a "$src" "$tree"
else
    die "--src $src: neither a git repository, nor a directory with $version/Configure, nor a KLIC tree"
fi
[[ -f $tree/Configure && -f $tree/klic-version ]] || die "$tree is not a KLIC source tree (no Configure)"
klic_version="$(cat "$tree/klic-version")"
# One modification time for every file: the tree ships the C files that KLIC's compiler
# generated from its KL1 sources (they bootstrap it), and make would regenerate any C or .ext
# file that looks older than its .kl1 with a KL1 compiler that does not exist yet ("KL1 to C
# translation failed").  A git checkout stamps files in checkout order, so it can look so.
stamp="$(date +%s)"
find "$tree" -exec touch -h -d "@$stamp" {} +
cd "$tree"

# ---- configuration, without questions
# Configure -d takes every answer it has a DEF_ value for from ./config.sh; the few questions
# it asks regardless (read the old settings? run "make clean" first? X-window tracer?) read
# stdin, which is /dev/null, and take their defaults (yes, yes, no).  The snapshot ships
# object files and a Makefile from its author's build; the "make clean" that Configure runs
# removes them (it keeps the C files generated from the KL1 compiler, which bootstrap it).
#   PARALLEL=no         only the sequential system (the benchmark uses no other)
#   CC='gcc -m32 -fcommon' (--bits 64: 'gcc -fcommon')
#                       -m32: see the header.  -fcommon: GCC 10 and later default to
#                       -fno-common, and KLIC's headers define variables (e.g.
#                       my_klic_sgnl_flags) in every file that includes them, so linking the
#                       compiler fails with "multiple definition".  CC is used for the runtime,
#                       the compiler, and by the installed klic driver for user programs.
#   DEBUGFLAGS=none     the runtime without -g; OPTLEVEL 2 and UOPTFLAGS are Configure's gcc
#                       defaults (klic -O2 compiles with -O2 -fomit-frame-pointer)
#   KLICCFLAGS=none     no C flags added to every user compile (config.sh.Ubuntu has -O2,
#                       which would override klic -O0/-O1)
#   LIBPATH=/usr/lib32  where gcc-multilib's 32-bit libc.a and libm are (64: the multiarch one)
#   SPKLICINCLUDE=no    PREFIX/include is not a system directory: the driver passes -I for it
cat >config.sh <<EOF
DEF_PARALLEL='no'
DEF_CC='$klic_cc'
DEF_OPTLEVEL='2'
DEF_DEBUGFLAGS='none'
DEF_UOPTFLAGS='-fomit-frame-pointer'
DEF_KLICCFLAGS='none'
DEF_USECC_AS_LD='yes'
DEF_BUILD_DLL='no'
DEF_LN='ln -s'
DEF_ASYNCIO='yes'
DEF_DIRPREFIX='$prefix'
DEF_USE_DEFAULT_SETTING='yes'
DEF_LIBPATH='$klic_libpath'
DEF_INCLUDEDIR='/usr/include'
DEF_LIBNAMES='libm'
DEF_KLICINCLUDE='$prefix/include'
DEF_SPKLICINCLUDE='no'
DEF_INSTPARALLEL='0'
EOF
# Configure probes the C compiler with programs declaring "main() {" (implicit int), an
# error from GCC 14 on, which would turn the probes' answers wrong; make them "int main() {".
# (GCC 12 of Debian 12 only warns; the patch changes nothing there.)
sed -i 's/^main() {$/int main() {/' Configure

# run STEP LOG COMMAND...: run a build step, its output in LOG; on failure show its end.
run() {
    local step="$1" log="$2"
    shift 2
    echo "build_klic: $step (log: $log)"
    if ! "$@" >"$log" 2>&1; then
        tail -25 "$log" >&2
        die "$step failed: $*"
    fi
}

# Make runs serially: KLIC's INSTALL forbids parallel make (its databases of atoms and
# functors grow as files are compiled, and the Makefiles leave those dependencies out).
unset MAKEFLAGS MFLAGS MAKELEVEL
mkdir -p "$prefix" || die "cannot create the prefix $prefix"
building=true
# A question Configure cannot answer from config.sh would loop on /dev/null: time it out.
run "configuring KLIC $klic_version for $prefix" "$work/configure.log" \
    timeout 300 ./Configure -d </dev/null
run "building (make -j1 all)" "$work/make.log" make -j1 all
run "testing (make tests)" "$work/tests.log" make -j1 tests
run "installing into $prefix (make install)" "$work/install.log" make -j1 install

# ---- check the install: compile a small KL1 program as bench.py compiles the benchmark
# (klic -O2 -n, in a directory of its own, as the driver writes its C files beside the source)
[[ -x $prefix/bin/klic ]] || die "make install left no $prefix/bin/klic"
mkdir "$work/check"
cat >"$work/check/hello.kl1" <<'EOF'
:- module main.

main :- true |
    klicio:klicio([stdout(R)]),
    hello(R).

hello(normal(Out)) :- true |
    X := 6 * 7,
    Out = [fwrite("hello from KLIC "), putt(X), nl].
EOF
(cd "$work/check" && "$prefix/bin/klic" -O2 -n -v -o hello hello.kl1) >"$work/check.log" 2>&1 || {
    tail -25 "$work/check.log" >&2
    die "$prefix/bin/klic -O2 -n could not compile a small KL1 program"
}
output="$("$work/check/hello")" || die "the small KL1 program compiled by $prefix/bin/klic failed"
[[ $output == "hello from KLIC 42" ]] ||
    die "the small KL1 program printed '$output' instead of 'hello from KLIC 42'"
driver="$(grep -m1 '^KLIC compiler driver version' "$work/check.log" || true)"

finished=true
echo "build_klic: $output (${driver:-$klic_version}, $bits-bit; $((SECONDS / 60)) min $((SECONDS % 60)) s)"
echo "build_klic: KLIC installed under $prefix; run the benchmark with it:"
echo "  bash bench/run.sh --klic $prefix"
