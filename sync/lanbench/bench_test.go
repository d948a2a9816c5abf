package lanbench

import (
	"fmt"
	"slices"
	"sync"
	"testing"
)

// benchCommands is the number of commands of each benchmark run.
const benchCommands = 60

var (
	benchOnce   sync.Once
	benchScript *Script
	benchErr    error
)

// script records the benchmarks' script once.
func script(b *testing.B) *Script {
	benchOnce.Do(func() { benchScript, benchErr = NewScript(benchCommands) })
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchScript
}

// BenchmarkLAN replays the script with each design (ours, the shared-views
// what-if, naive) and number of devices.
// One operation is a whole replay of benchCommands commands; the figures
// to read are the reported metrics (medians over the operations of each
// replay's p50 and p99 in ms, and bytes per device update).
func BenchmarkLAN(b *testing.B) {
	for _, n := range DefaultClients {
		for _, d := range []Design{DesignOurs, DesignOursShared, DesignNaive} {
			b.Run(fmt.Sprintf("%s/clients=%d", d, n), func(b *testing.B) {
				s := script(b)
				run := map[Design]func(*Script, int) (Measure, error){
					DesignOurs: RunOurs, DesignOursShared: RunOursShared, DesignNaive: RunNaive}[d]
				var p50, p99, bytes []int64
				b.ResetTimer()
				for range b.N {
					m, err := run(s, n)
					if err != nil {
						b.Fatal(err)
					}
					p50, p99, bytes = append(p50, m.P50Ns), append(p99, m.P99Ns), append(bytes, m.BytesPerUpdate)
				}
				b.ReportMetric(float64(med(p50))/1e6, "p50-ms")
				b.ReportMetric(float64(med(p99))/1e6, "p99-ms")
				b.ReportMetric(float64(med(bytes)), "B/update")
			})
		}
	}
}

func med(xs []int64) int64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}
