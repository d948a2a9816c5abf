package play

import "testing"

func TestTablesAsLists(t *testing.T) {
	md := "# T\n\n| | |\n|---|---|\n| System | Score pad |\n| Seats | a \\| b, c |\n\n## P\n\n| Place | Player | Score |\n|---|---|---:|\n| 1st | Ann | 5 |\n\ntext | not a table\n"
	want := "# T\n\n- **System**: Score pad\n- **Seats**: a \\| b, c\n\n## P\n\n- **1st** · Player: Ann · Score: 5\n\ntext | not a table\n"
	if got := tablesAsLists(md); got != want {
		t.Errorf("tablesAsLists:\n%s\nwant:\n%s", got, want)
	}
}
