#!/usr/bin/env python3
"""Writes examples/keras-cnn/model: a small Keras 3 image classifier saved the way Keras users
save one for serving (`model.export`, a SavedModel with its batch dim `None`).

    python3 examples/keras-cnn/make.py [DIR]      (default: examples/keras-cnn/model)

Needs tensorflow 2.x and keras 3. Weights come from Keras's initialisers under a fixed seed,
the batch-norm statistics from numpy's seeded generator (as after training).
"""

import os
import shutil
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import keras  # noqa: E402


def build():
    keras.utils.set_random_seed(0)
    inp = keras.Input((28, 28, 1), name="image")
    x = keras.layers.Conv2D(8, 3, activation="relu", name="conv1")(inp)
    x = keras.layers.BatchNormalization(name="bn1")(x)
    x = keras.layers.MaxPooling2D(name="pool1")(x)
    x = keras.layers.Conv2D(16, 3, activation="relu", name="conv2")(x)
    x = keras.layers.MaxPooling2D(name="pool2")(x)
    x = keras.layers.Flatten(name="flatten")(x)
    x = keras.layers.Dense(32, activation="relu", name="dense")(x)
    out = keras.layers.Dense(10, activation="softmax", name="probs")(x)
    model = keras.Model(inp, out, name="keras_cnn")
    rng = np.random.default_rng(0)
    bn = model.get_layer("bn1")
    bn.moving_mean.assign(rng.standard_normal(8).astype("float32") * 0.1)
    bn.moving_variance.assign(rng.random(8).astype("float32") + 0.5)
    return model


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out = argv[0] if argv else os.path.join(here, "model")
    shutil.rmtree(out, ignore_errors=True)
    build().export(out, verbose=False)
    print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
