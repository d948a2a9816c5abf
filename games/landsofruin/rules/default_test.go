package rules

import "testing"

func mustDefault(t testing.TB) *Data {
	t.Helper()
	d, err := Default()
	if err != nil {
		t.Fatalf("Default: %v", err)
	}
	return d
}

func TestDefaultLoads(t *testing.T) {
	d := mustDefault(t)
	if len(d.Weapons) == 0 || len(d.CloseCombat) == 0 || len(d.Skills) == 0 || len(d.Scenarios) < 6 {
		t.Fatalf("tables look empty: %d weapons, %d cc, %d skills, %d scenarios", len(d.Weapons), len(d.CloseCombat), len(d.Skills), len(d.Scenarios))
	}
}
