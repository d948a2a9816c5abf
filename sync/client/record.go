package client

import (
	"encoding/json"
	"fmt"
	"slices"
)

// RecordKind is the Keeper kind under which a device keeps the Records of
// the games it joined, by game id.
const RecordKind = "lan-joined"

// Keeper stores small records by kind and name; console/store.DB is one.
type Keeper interface {
	PutRoster(kind, name string, data []byte) error
	Roster(kind, name string) ([]byte, error)
	Rosters(kind string) ([]string, error)
	DeleteRoster(kind, name string) error
}

// SaveRecord keeps r (under its game id) so the game can be rejoined from
// the Continue list.
func SaveRecord(k Keeper, r Record) error {
	if r.Game == "" {
		return fmt.Errorf("keep joined game: no game id")
	}
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("keep joined game %s: %w", r.Game, err)
	}
	return k.PutRoster(RecordKind, r.Game, b)
}

// Records returns the records kept, by title; a damaged one is skipped and
// reported in the error list.
func Records(k Keeper) ([]Record, []error, error) {
	names, err := k.Rosters(RecordKind)
	if err != nil {
		return nil, nil, fmt.Errorf("joined games: %w", err)
	}
	var out []Record
	var bad []error
	for _, n := range names {
		b, err := k.Roster(RecordKind, n)
		if err != nil {
			bad = append(bad, fmt.Errorf("joined game %s: %w", n, err))
			continue
		}
		var r Record
		if err := json.Unmarshal(b, &r); err != nil || r.Game != n || r.Addr == "" || r.Fingerprint.IsZero() {
			if err == nil {
				err = fmt.Errorf("incomplete record")
			}
			bad = append(bad, fmt.Errorf("joined game %s: damaged record: %w", n, err))
			continue
		}
		out = append(out, r)
	}
	slices.SortStableFunc(out, func(a, b Record) int {
		if a.Title != b.Title {
			if a.Title < b.Title {
				return -1
			}
			return 1
		}
		return 0
	})
	return out, bad, nil
}

// ForgetRecord removes the record of a joined game.
func ForgetRecord(k Keeper, game string) error { return k.DeleteRoster(RecordKind, game) }
