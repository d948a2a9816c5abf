package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"github.com/commandconsole/commandconsole/console/report"
)

// Pictures of the table are kept beside the saves, in the app's storage:
// pictures/<game id>/index.json lists them (file and caption) in the order
// they were taken, each picture a PNG file next to it. They are the
// public map at moments the players chose; a game's log does not hold
// them, so an exported game travels without them.

// maxPictures bounds a game's pictures.
const maxPictures = 100

// pictureEntry is a line of a game's picture index.
type pictureEntry struct {
	File    string `json:"file"`
	Caption string `json:"caption"`
}

// gameIDPattern is what a game id looks like; anything else is refused
// before it names a folder.
var gameIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// pictureFile is what a picture's file is called; an index naming
// anything else (a damaged or doctored one) is not followed.
var pictureFile = regexp.MustCompile(`^[0-9]{3}\.png$`)

// pictureDir is the folder of a game's pictures.
func pictureDir(a fyne.App, gameID string) (fyne.URI, error) {
	if a == nil {
		return nil, errors.New("no app storage")
	}
	if !gameIDPattern.MatchString(gameID) {
		return nil, fmt.Errorf("game id %q cannot name a folder", gameID)
	}
	root := a.Storage().RootURI()
	dir, err := storage.Child(root, "pictures")
	if err == nil {
		dir, err = storage.Child(dir, gameID)
	}
	return dir, err
}

// readIndex reads a game's picture index (empty when there is none).
func readIndex(dir fyne.URI) ([]pictureEntry, error) {
	idx, err := storage.Child(dir, "index.json")
	if err != nil {
		return nil, err
	}
	if ok, _ := storage.Exists(idx); !ok {
		return nil, nil
	}
	r, err := storage.Reader(idx)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return nil, err
	}
	var out []pictureEntry
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("the picture index is damaged: %w", err)
	}
	return out, nil
}

// SavePicture keeps png with its caption among gameID's pictures.
func SavePicture(a fyne.App, gameID, caption string, png []byte) error {
	dir, err := pictureDir(a, gameID)
	if err != nil {
		return fmt.Errorf("save a picture of game %s: %w", gameID, err)
	}
	if err := os.MkdirAll(dir.Path(), 0o755); err != nil {
		return fmt.Errorf("save a picture of game %s: %w", gameID, err)
	}
	idx, err := readIndex(dir)
	if err != nil {
		return fmt.Errorf("save a picture of game %s: %w", gameID, err)
	}
	if len(idx) >= maxPictures {
		return fmt.Errorf("game %s already has %d pictures, the most a report keeps", gameID, maxPictures)
	}
	name := fmt.Sprintf("%03d.png", len(idx)+1)
	if err := writeFile(dir, name, png); err != nil {
		return fmt.Errorf("save a picture of game %s: %w", gameID, err)
	}
	idx = append(idx, pictureEntry{File: name, Caption: caption})
	b, err := json.MarshalIndent(idx, "", "  ")
	if err == nil {
		err = writeFile(dir, "index.json", b)
	}
	if err != nil {
		return fmt.Errorf("save a picture of game %s: %w", gameID, err)
	}
	return nil
}

// writeFile writes b to the file name in dir.
func writeFile(dir fyne.URI, name string, b []byte) error {
	u, err := storage.Child(dir, name)
	if err != nil {
		return err
	}
	w, err := storage.Writer(u)
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// Pictures returns gameID's pictures in the order they were taken. A
// picture that cannot be read is left out; a damaged index is an error.
func Pictures(a fyne.App, gameID string) ([]report.Picture, error) {
	dir, err := pictureDir(a, gameID)
	if err != nil {
		return nil, fmt.Errorf("pictures of game %s: %w", gameID, err)
	}
	idx, err := readIndex(dir)
	if err != nil {
		return nil, fmt.Errorf("pictures of game %s: %w", gameID, err)
	}
	var out []report.Picture
	for _, e := range idx {
		if !pictureFile.MatchString(e.File) {
			continue
		}
		u, err := storage.Child(dir, e.File)
		if err != nil {
			continue
		}
		r, err := storage.Reader(u)
		if err != nil {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(r, 16<<20))
		r.Close()
		if err != nil {
			continue
		}
		out = append(out, report.Picture{Caption: e.Caption, PNG: b})
	}
	return out, nil
}
