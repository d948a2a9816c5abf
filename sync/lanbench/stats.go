package lanbench

import (
	"slices"
	"time"
)

// Design names a way of sending the game to the devices.
type Design string

// The designs measured.
const (
	// DesignOurs is this app's: sync/hosting and sync/client, each seat's
	// own view as a delta over TLS.
	DesignOurs Design = "ours"
	// DesignNaive is the whole game state as JSON to every device over
	// plain TCP after every change.
	DesignNaive Design = "naive"
	// DesignOursShared is ours with each seat's view worked out once per
	// change for all its connections (SharedViews in front of the game):
	// what sync/host would gain from doing it itself. A what-if, not what
	// the app runs.
	DesignOursShared Design = "ours-shared-views"
)

// Measure is the result of one design with one number of devices.
type Measure struct {
	// Design is DesignOurs, DesignOursShared or DesignNaive.
	Design Design `json:"design"`
	// Clients is the number of devices joined (two players, the rest
	// spectators).
	Clients int `json:"clients"`
	// Commands is the number of commands measured.
	Commands int `json:"commands"`
	// Updates is the number of device updates those commands caused (a
	// device whose view a command did not change gets none in ours).
	Updates int `json:"updates"`
	// P50Ns and P99Ns are the median and 99th percentile of a command's
	// time from the Do call to the last device's update, in nanoseconds.
	P50Ns int64 `json:"p50_ns"`
	P99Ns int64 `json:"p99_ns"`
	// MaxNs is the slowest command.
	MaxNs int64 `json:"max_ns"`
	// BytesPerUpdate is the mean number of bytes the host wrote per device
	// update (everything written during the commands, over Updates).
	BytesPerUpdate int64 `json:"bytes_per_update"`
	// BytesP50 is the median over commands of the bytes written per device
	// updated.
	BytesP50 int64 `json:"bytes_p50"`
}

// percentile is the p-th percentile (nearest rank) of ds, sorted in place.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	i := int(p/100*float64(len(ds))+0.999999) - 1
	return ds[max(0, min(i, len(ds)-1))]
}

// medianInt is the median of xs, sorted in place.
func medianInt(xs []int64) int64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	return xs[len(xs)/2]
}

// tally collects one run's per-command figures.
type tally struct {
	lat      []time.Duration
	perDev   []int64
	bytes    int64
	updates  int
	commands int
}

// add records one command: its latency, the bytes written for it and the
// devices it updated.
func (t *tally) add(lat time.Duration, bytes int64, updates int) {
	t.lat = append(t.lat, lat)
	t.commands++
	t.bytes += bytes
	t.updates += updates
	if updates > 0 {
		t.perDev = append(t.perDev, bytes/int64(updates))
	}
}

// measure turns the tally into a Measure.
func (t *tally) measure(d Design, clients int) Measure {
	m := Measure{Design: d, Clients: clients, Commands: t.commands, Updates: t.updates,
		BytesP50: medianInt(t.perDev)}
	m.P50Ns = percentile(t.lat, 50).Nanoseconds()
	m.P99Ns = percentile(t.lat, 99).Nanoseconds()
	m.MaxNs = percentile(t.lat, 100).Nanoseconds()
	if t.updates > 0 {
		m.BytesPerUpdate = t.bytes / int64(t.updates)
	}
	return m
}
