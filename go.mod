module github.com/tabula-games/tabula

go 1.26
