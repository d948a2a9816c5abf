package runeball

import "sort"

// Initiative (S0 step 3–5, RB-F32, RB-F33, RB-D22) as pure functions the
// round start will drive through its dice prompts: each on-field player's
// total is d12 + INI − 2 × Slow; players with equal totals re-roll among
// themselves, the highest group first, with the same modifier, and keep
// re-rolling while still equal; the first total stays the player's
// initiative score; a total below 0 acts not at all that round.

// Initiative is one player's entry in the round's order.
type Initiative struct {
	Player string // "H3"
	Mod    int    // INI − 2 × Slow
	Score  int    // the first total: d12 + Mod
	// Keys are the tie re-rolls (d12 + Mod each), in order.
	Keys []int
}

// Skipped: a total below 0 gives no action this round (RB-D22).
func (e Initiative) Skipped() bool { return e.Score < 0 }

// sameSoFar reports whether two entries are still tied: the same score and
// the same keys.
func sameSoFar(a, b Initiative) bool {
	if a.Score != b.Score || len(a.Keys) != len(b.Keys) {
		return false
	}
	for i := range a.Keys {
		if a.Keys[i] != b.Keys[i] {
			return false
		}
	}
	return true
}

// SortInitiative orders entries: score, then keys, highest first; equal
// entries (still to be re-rolled) by id.
func SortInitiative(es []Initiative) {
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		for k := 0; k < len(a.Keys) && k < len(b.Keys); k++ {
			if a.Keys[k] != b.Keys[k] {
				return a.Keys[k] > b.Keys[k]
			}
		}
		if len(a.Keys) != len(b.Keys) {
			return len(a.Keys) > len(b.Keys)
		}
		return idLess(a.Player, b.Player)
	})
}

// idLess orders player ids H1…H9 before A1…A9 (the prompts' order, §2.9).
func idLess(a, b string) bool {
	if a == "" || b == "" || a[0] == b[0] {
		return a < b
	}
	return a[0] == 'H'
}

// NextTieGroup returns the players of the highest group still tied
// (sorted entries, at least two, not skipped), in id order, or nil when the
// order is settled (RB-F33: the re-roll uses the same modifier).
func NextTieGroup(es []Initiative) []string {
	sorted := append([]Initiative(nil), es...)
	SortInitiative(sorted)
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && sameSoFar(sorted[i], sorted[j]) {
			j++
		}
		if j-i > 1 && !sorted[i].Skipped() {
			var ids []string
			for _, e := range sorted[i:j] {
				ids = append(ids, e.Player)
			}
			sort.SliceStable(ids, func(a, b int) bool { return idLess(ids[a], ids[b]) })
			return ids
		}
		i = j
	}
	return nil
}

// AddKeys records a tie group's re-rolls: faces[i] is the d12 of
// group[i]; each key is d12 + the player's modifier.
func AddKeys(es []Initiative, group []string, faces []int) {
	for i, id := range group {
		for k := range es {
			if es[k].Player == id && i < len(faces) {
				es[k].Keys = append(es[k].Keys, faces[i]+es[k].Mod)
			}
		}
	}
}
