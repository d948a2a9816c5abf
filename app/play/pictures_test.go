package play

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"
)

func TestPicturesKeptInOrderAndIndexNotFollowedOutside(t *testing.T) {
	a := test.NewTempApp(t)
	// The test app's storage may outlive a run: start from no pictures.
	for _, id := range []string{"g123", "g999"} {
		dir, err := pictureDir(a, id)
		if err != nil {
			t.Fatal(err)
		}
		os.RemoveAll(dir.Path())
	}
	for i, c := range []string{"Turn 1", "Turn 2, alice's Action phase"} {
		if err := SavePicture(a, "g123", c, []byte{0x89, 'P', 'N', 'G', byte(i)}); err != nil {
			t.Fatal(err)
		}
	}
	pics, err := Pictures(a, "g123")
	if err != nil {
		t.Fatal(err)
	}
	if len(pics) != 2 || pics[0].Caption != "Turn 1" || pics[1].PNG[4] != 1 {
		t.Fatalf("pictures %+v", pics)
	}
	if other, err := Pictures(a, "g999"); err != nil || len(other) != 0 {
		t.Fatalf("another game's pictures: %v, %v", other, err)
	}
	// A doctored index naming a file outside the folder is not followed.
	dir, _ := pictureDir(a, "g123")
	secret := filepath.Join(filepath.Dir(dir.Path()), "secret.png")
	if err := os.WriteFile(secret, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir.Path(), "index.json"), []byte(`[{"file":"../secret.png","caption":"x"},{"file":"001.png","caption":"ok"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	pics, err = Pictures(a, "g123")
	if err != nil || len(pics) != 1 || pics[0].Caption != "ok" {
		t.Fatalf("doctored index: %+v, %v", pics, err)
	}
	// A damaged index is an error that says so, not a panic.
	if err := os.WriteFile(filepath.Join(dir.Path(), "index.json"), []byte(`{not json`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Pictures(a, "g123"); err == nil {
		t.Fatal("a damaged index read without error")
	}
	if err := SavePicture(a, "../evil", "x", nil); err == nil {
		t.Fatal("a game id naming another folder was accepted")
	}
}
