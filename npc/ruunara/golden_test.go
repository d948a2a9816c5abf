package ruunara

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// Golden sequences, one per behaviour (SPEC §6.6 step 4): several enemy
// turns driven by scripted answers; the golden holds every question with
// its answers, every order in inches and in centimetres, and the modes
// after each step. `go test ./npc/ruunara -run Golden -update` rewrites
// them.
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(g *game)
	}{
		{"noise", func(g *game) { // RU-X24, RU-X25, RU-X42
			g.w.Round = 2
			g.engage("H3", "E1")
			g.engage("H1", "E2")
			g.engage("H2", "E2")
			g.site(Site{ID: "E1", Enemies: []string{"E1"}, Heroes: []string{"H3"}, LastAttackRound: 2})
			g.site(Site{ID: "E2", Enemies: []string{"E2"}, Heroes: []string{"H1", "H2"}, LastAttackRound: 2})
			g.noise("E1", "E4")
			g.noise("E2", "E5", "E6")
			g.enemyTurn(script{results: []string{"E5"}, nearest: map[string]string{"E5": "H2"}})
			g.end()
			g.kill("E1") // round 3, Tarok kills E1
			g.site(Site{ID: "E1", Enemies: []string{"E1"}, Heroes: []string{"H3"}, LastAttackRound: 3})
			g.site(Site{ID: "E2", Enemies: []string{"E2", "E5"}, Heroes: []string{"H1", "H2"}, LastAttackRound: 3})
			g.noise("E2")
			g.enemyTurn(script{sight: map[string]string{"E5": "H2"}, results: []string{"E5", "E6"}, results2: []string{"E6"}})
			g.end()
			g.over("E1")
			g.enemyTurn(script{})
			g.end()
			g.over("E1")
			g.enemyTurn(script{results: []string{"E4"}})
			g.end()
		}},
		{"group", func(g *game) { // RU-X26
			g.shot("E2", "H2", true, "E3", "E5")
			g.site(Site{ID: "E2", Ranged: true, Enemies: []string{"E2"}, LastAttackRound: 1})
			g.site(Site{ID: SearchSiteID("H2"), Ranged: true, Heroes: []string{"H2"}, LastAttackRound: 1})
			g.noise("E2", "E6")
			g.enemyTurn(script{sight: map[string]string{"E2": "H2"}, results: []string{"E3", "E5"}})
			g.end()
			g.over("E2", "hero:H2")
			g.enemyTurn(script{})
			g.end()
			g.shot("E4", "H1", false, "E6")
			g.enemyTurn(script{results: []string{"E2", "E3", "E6"}})
			g.end()
		}},
		{"instant-death", func(g *game) { // RU-X27, RU-X28
			g.instant("E1", "H2", "E2", "E3")
			g.site(Site{ID: "E1", Ranged: true, Enemies: []string{"E1"}, LastAttackRound: 1})
			g.noise("E1")
			g.enemyTurn(script{sight: map[string]string{"E3": "H2"}})
			g.end()
			g.enemyTurn(script{sight: map[string]string{"E3": "H2"}, results: []string{"E3"}})
			g.end()
		}},
		{"pursuit", func(g *game) { // RU-X29, RU-X30, RU-X31
			g.w.Round = 3
			g.engage("H2", "E1", "E2")
			g.engage("H3", "E1")
			g.flee("H2")
			g.enemyTurn(script{})
			g.end()
			g.enemyTurn(script{})
			g.end()
			g.site(Site{ID: "E1", Enemies: []string{"E1"}, Heroes: []string{"H3"}, LastAttackRound: 5})
			g.noise("E1", "E6")
			g.enemyTurn(script{})
			g.end()
			g.enemyTurn(script{results: []string{"E2"}})
			g.end()
		}},
		{"capture-rescue", func(g *game) { // RU-X10, RU-X11, RU-X13
			g.add("E7", archer)
			g.w.Round = 4
			g.enemyTurn(script{sight: map[string]string{"E7": "H1"}})
			g.capture("H1", true, "E7")
			g.end()
			g.engage("H3", "E1")
			g.enemyTurn(script{results: []string{"E7"}})
			g.end()
			g.shot("E7", "H2", false)
			g.kill("E7")
			g.free("H1")
			g.enemyTurn(script{sight: map[string]string{"E2": "H1"}})
			g.end()
			g.w.Round = 9
			g.capture("H3", false, "E1")
			g.execute("H3")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, 6)
			tc.run(g)
			got := []byte(g.log.String())
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./npc/ruunara -run Golden -update)", err)
			}
			if string(got) != string(want) {
				t.Errorf("%s differs from %s (go test ./npc/ruunara -run Golden -update rewrites it):\n%s", tc.name, path, got)
			}
		})
	}
}
