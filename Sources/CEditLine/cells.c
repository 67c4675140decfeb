// The C library's character classes, which libedit lays the line out with (Swift's Glibc module
// does not bring in <wctype.h>); LineEditing/ResizeRedraw.swift follows libedit's layout.
// wcwidth is X/Open.
#define _XOPEN_SOURCE 700
#include "CEditLine.h"

#include <wchar.h>
#include <wctype.h>

int wb_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
int wb_iswprint(unsigned int c) { return iswprint((wint_t)c) != 0; }
int wb_iswcntrl(unsigned int c) { return iswcntrl((wint_t)c) != 0; }
