package runeballscreen

import (
	"encoding/json"
	"testing"
)

// FuzzParseSavedTeam: any bytes from the roster store give a team whose
// shape the loader may trust, or an error; never a panic.
func FuzzParseSavedTeam(f *testing.F) {
	f.Add([]byte(`{"players":[{"name":"A","stats":[13,9,15,12,7,11,10]}],"doctor":1}`))
	f.Add([]byte(`{"players":null}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		team, err := ParseSavedTeam(b)
		if err != nil {
			return
		}
		if len(team.Players) < 1 || len(team.Players) > 9 || team.Doctor < 0 || team.Doctor > len(team.Players) {
			t.Fatalf("accepted a team of %d players, doctor %d", len(team.Players), team.Doctor)
		}
		for _, p := range team.Players {
			if len(p.Stats) != 7 {
				t.Fatalf("accepted a player with %d stats", len(p.Stats))
			}
		}
		if _, err := json.Marshal(team); err != nil {
			t.Fatal(err)
		}
	})
}
