#!/usr/bin/python3
"""Trains Pitchside's ball and penalty-mark network and exports it as ONNX.

Reads patches written by `npm run data:perception` (app/host/perception/patchDataset.ts: 32 x 32 normalised
brightness patches labelled nothing / penalty mark / ball, with the ball's centre and radius in patch units),
trains a small convolutional network with a fixed seed and writes
config/NeuralNets/BallAndPenaltyMarkPerceptor/multihead.onnx with B-Human's interface: input [1,32,32,1]
(brightness 0..255, NHWC), output [1,6] = softmax(nothing, penalty mark, ball), ball centre x, y and radius
in patch units. Run with Debian's Python, which has PyTorch and ONNX:

    /usr/bin/python3 tools/training/trainBallNetwork.py build/perception/train.bin
"""
import json
import os
import time

import numpy as np
import torch
from torch import nn

from patchData import PATCH, read_patches
from trainingCommon import export_onnx, parse_arguments, seed_everything, split_held_out


class BallNetwork(nn.Module):
    """Four 3x3 convolutions (8, 12, 16, 16 channels; the first three each halve the patch) and two heads."""

    def __init__(self):
        super().__init__()

        def block(cin, cout, pool):
            layers = [nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU()]
            return layers + ([nn.MaxPool2d(2)] if pool else [])

        self.features = nn.Sequential(
            *block(1, 8, True), *block(8, 12, True), *block(12, 16, True), *block(16, 16, False), nn.Flatten()
        )
        self.hidden = nn.Sequential(nn.Linear(16 * 4 * 4, 32), nn.ReLU())
        self.classes = nn.Linear(32, 3)
        self.ball = nn.Linear(32, 3)
        self.register_buffer('offset', torch.tensor([PATCH / 2, PATCH / 2, PATCH / 4]))

    def heads(self, x):
        """Class logits and the ball's centre and radius (patch units) of NHWC patches with values 0..255."""
        h = self.hidden(self.features(x.permute(0, 3, 1, 2) / 255.0))
        return self.classes(h), self.ball(h) * (PATCH / 4) + self.offset

    def forward(self, x):
        logits, ball = self.heads(x)
        return torch.cat([torch.softmax(logits, dim=1), ball], dim=1)


def main():
    args = parse_arguments(
        __doc__,
        'patch file from npm run data:perception',
        'config/NeuralNets/BallAndPenaltyMarkPerceptor/multihead.onnx',
        30,
    )
    seed_everything(args.seed)
    patches, labels, targets = read_patches(args.data)
    val, train = split_held_out(len(labels))
    x = torch.from_numpy(patches)
    y = torch.from_numpy(labels)
    t = torch.from_numpy(targets)
    counts = np.bincount(labels, minlength=3)
    print(f'{len(labels)} patches (nothing, penalty mark, ball: {counts.tolist()}), {len(val)} for validation')

    model = BallNetwork()
    optimizer = torch.optim.Adam(model.parameters(), lr=2e-3)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, args.epochs)
    # Classes weighted against their frequency, so that rare penalty marks count.
    weights = torch.tensor(len(labels) / (3.0 * np.maximum(counts, 1)), dtype=torch.float32)
    classify = nn.CrossEntropyLoss(weight=weights)
    regress = nn.SmoothL1Loss()
    start = time.time()
    for epoch in range(args.epochs):
        model.train()
        perm = torch.from_numpy(train[np.random.permutation(len(train))])
        for i in range(0, len(perm), 256):
            idx = perm[i : i + 256]
            xb, yb, tb = x[idx], y[idx], t[idx].clone()
            # Mirrored left-right: the ball's centre moves to 32 - x.
            flip = torch.rand(len(idx)) < 0.5
            xb = torch.where(flip[:, None, None, None], xb.flip(2), xb)
            tb[:, 0] = torch.where(flip, PATCH - tb[:, 0], tb[:, 0])
            logits, ball = model.heads(xb)
            loss = classify(logits, yb)
            is_ball = yb == 2
            if is_ball.any():
                loss = loss + 0.5 * regress(ball[is_ball], tb[is_ball])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        schedule.step()
        model.eval()
        with torch.no_grad():
            logits, ball = model.heads(x[val])
            predicted = logits.argmax(1)
            accuracy = (predicted == y[val]).float().mean().item()
            vb = y[val] == 2
            centre = (ball[vb, :2] - t[val][vb, :2]).norm(dim=1).median().item()
        print(f'epoch {epoch + 1}: loss {loss.item():.4f}, validation accuracy {accuracy:.4f}, '
              f'ball centre median error {centre:.2f} patch px ({time.time() - start:.0f} s)')

    export_onnx(model, torch.zeros(1, PATCH, PATCH, 1), args.out, 'patch', 'output')
    parameters = sum(p.numel() for p in model.parameters())
    summary = {
        'patches': int(len(labels)),
        'classes': counts.tolist(),
        'epochs': args.epochs,
        'seed': args.seed,
        'parameters': int(parameters),
        'bytes': os.path.getsize(args.out),
        'validationAccuracy': round(accuracy, 4),
        'ballCentreMedianErrorPatchPx': round(centre, 3),
        'seconds': round(time.time() - start, 1),
    }
    print(json.dumps(summary))


if __name__ == '__main__':
    main()
