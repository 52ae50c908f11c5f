/* bcryptprimitives.dll for wine 8.0 (Debian 12), which has none: Rust's standard library
 * (1.78 and later) imports ProcessPrng from it, which every Windows 10 and 11 has. This
 * stand-in gets the bytes from RtlGenRandom (advapi32). bench/windows.sh builds it with
 * MinGW-w64 and puts it on wine's PATH (bench/wine.sh), for the wine runs only: it is not
 * shipped (bench/release.sh leaves it out of the archive). */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
  while (len > 0) {
    ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
    if (!RtlGenRandom(data, n)) {
      return FALSE;
    }
    data += n;
    len -= n;
  }
  return TRUE;
}
