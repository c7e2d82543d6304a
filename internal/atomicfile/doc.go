// Package atomicfile writes the files chariot reads back in a later run
// (models, champion and tuned specs, advisor saves) so that a crash, a
// full disk or a kill mid-write never leaves a torn file: the new content
// goes to a temporary file in the same directory, is synced, and is
// renamed over the old file, and the directory is synced so the rename
// itself survives a power cut. A reader sees the old file or the new one,
// never a mix.
package atomicfile
