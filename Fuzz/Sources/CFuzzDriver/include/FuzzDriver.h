// libFuzzer's driver, called from each harness's entry point: SwiftPM links executables with
// their own `main` (MODULE_main), so libFuzzer's `main` is not used.
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
