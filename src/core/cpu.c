/* bb_cpu_has: which instruction sets the run-time paths may use. */
#include "bitboard.h"

#if BB__DISPATCH
#include <cpuid.h>
#include <stdatomic.h>
#include <string.h>

static unsigned long long xgetbv0(void)
{
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}

static unsigned cpu_features(void)
{
    unsigned a, b, c, d, f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int osxsave = (c >> 27) & 1, popcnt = (c >> 23) & 1;
    unsigned long long xcr0 = osxsave ? xgetbv0() : 0;
    int ymm_ok = (xcr0 & 0x6) == 0x6;    /* SSE and AVX state */
    int zmm_ok = (xcr0 & 0xE6) == 0xE6;  /* plus opmask, ZMM_Hi256, Hi16_ZMM */
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    int gfni = (c >> 8) & 1, avx2 = (b >> 5) & 1, bmi2 = (b >> 8) & 1;
    int avx512 = ((b >> 16) & 1) && ((b >> 30) & 1) && ((b >> 31) & 1) && zmm_ok; /* F, BW, VL */
    if (bmi2) f |= BB_CPU_BMI2;
    if (gfni) f |= BB_CPU_GFNI;
    if (gfni && avx2 && ymm_ok) f |= BB_CPU_AVX2_GFNI;
    if (avx2 && ymm_ok) f |= BB_CPU_AVX2;
    if (popcnt && bmi2 && ((b >> 3) & 1)) f |= BB__CPU_POPCNT_BMI;
    if (avx512 && ((c >> 14) & 1) && ((c >> 6) & 1)) f |= BB__CPU_AVX512_VPOPCNT_VBMI2;
    if (avx512) f |= BB_CPU_AVX512;
    if (gfni && avx512) f |= BB_CPU_AVX512_GFNI;
    unsigned vendor[4] = {0, 0, 0, 0};
    __cpuid(0, a, vendor[0], vendor[2], vendor[1]); /* "GenuineIntel" in EBX, EDX, ECX */
    if (memcmp(vendor, "GenuineIntel", 12) == 0) f |= BB__CPU_PAGES_IN_PLACE;
    return f;
}

/* The one process-wide write the library makes: an idempotent cache of the
 * CPU probe (cpuid can cost microseconds under a hypervisor).  It is atomic,
 * so concurrent first calls are safe, and every thread computes the same
 * value.  Bit 31 marks it filled. */
static _Atomic unsigned cached_features;

int bb_cpu_has(unsigned want)
{
    unsigned f = atomic_load_explicit(&cached_features, memory_order_relaxed);
    if (!f) {
        f = cpu_features() | 0x80000000u;
        atomic_store_explicit(&cached_features, f, memory_order_relaxed);
    }
    return (f & want) == want;
}

#else /* BB_NO_DISPATCH, or not x86-64 with GCC/Clang: no run-time paths */
int bb_cpu_has(unsigned want) { return want == 0; }
#endif
