package field

import "testing"

// BenchmarkFlightPath: one long diagonal pass (RB-D47), the costliest
// geometry call (it tests every cell of the field).
func BenchmarkFlightPath(b *testing.B) {
	for b.Loop() {
		FlightPath(Cell{3, 5}, Cell{21, 27})
	}
}

// BenchmarkDistance: the hex distance of §2.2.
func BenchmarkDistance(b *testing.B) {
	for b.Loop() {
		Distance(Cell{3, 5}, Cell{21, 27})
	}
}
