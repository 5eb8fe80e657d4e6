#!/usr/bin/env bash
# usage: agree-with-torch-mlir.sh AMANDA_OPT TORCH_MLIR_OPT TMP FILE...
# For each FILE: amanda-opt's --canonical printing of the conversion equals torch-mlir-opt's
# printing of the same conversion, byte for byte.
set -u
tool=$1 tmo=$2 tmp=$3; shift 3
status=0
for f in "$@"; do
  "$tool" "$f" --convert-tf-to-torch --canonical >"$tmp.ours" || { echo "$f: conversion failed"; status=1; continue; }
  "$tool" "$f" --convert-tf-to-torch | "$tmo" >"$tmp.theirs" || { echo "$f: torch-mlir-opt rejects the output"; status=1; continue; }
  diff -u "$tmp.theirs" "$tmp.ours" >/dev/null || { echo "$f: differs from torch-mlir-opt's printing"; diff -u "$tmp.theirs" "$tmp.ours" | head -20; status=1; }
done
exit $status
