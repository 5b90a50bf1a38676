#!/usr/bin/python3
"""Reads Pitchside's patch files (magic PSPATCH1: 32 x 32 normalised brightness patches labelled nothing, penalty
mark or ball, with the ball's centre and radius in patch units; app/host/perception/patchDataset.ts) with NumPy
alone, so that a data set, generated or marked by hand in the IDE, can be checked where PyTorch is not installed.

    python3 tools/training/patchData.py Datasets/hall.patches

prints what the file holds as JSON: the patch count, the count per label and the ball targets' ranges. The
training script reads its data through the same function.
"""
import json
import sys

import numpy as np

from trainingCommon import HEADER, read_records

PATCH = 32
RECORD = PATCH * PATCH + 1 + 12
LABELS = ('nothing', 'penaltyMark', 'ball')


def read_patches(path):
    """The patches, labels and ball targets of a data file (see patchDataset.ts for the format)."""
    count, data = read_records(path, b'PSPATCH1', RECORD, 'patch', 'patches')
    records = np.frombuffer(data, dtype=np.uint8, offset=HEADER).reshape(count, RECORD)
    patches = records[:, : PATCH * PATCH].reshape(count, PATCH, PATCH, 1).astype(np.float32)
    labels = records[:, PATCH * PATCH].astype(np.int64)
    targets = np.frombuffer(records[:, PATCH * PATCH + 1 :].tobytes(), dtype='<f4').reshape(count, 3)
    return patches, labels, targets.copy()


def summary(path):
    """What a data file holds: counts per label, and where the balls' centres and radii lie in their patches."""
    patches, labels, targets = read_patches(path)
    balls = targets[labels == LABELS.index('ball')]
    return {
        'patches': int(len(labels)),
        'labels': {name: int((labels == i).sum()) for i, name in enumerate(LABELS)},
        'ballTargets': None
        if len(balls) == 0
        else {key: [float(balls[:, k].min()), float(balls[:, k].max())] for k, key in enumerate(('x', 'y', 'radius'))},
        'brightness': [float(patches.min()), float(patches.max())] if len(labels) else None,
    }


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    print(json.dumps(summary(sys.argv[1])))
