//go:build race

package main

// raceEnabled reports whether the test binary was built with -race (the
// end-to-end test then builds ccctl with it too, sharing the build cache).
const raceEnabled = true
