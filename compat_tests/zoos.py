"""The models the whole-program harness runs: one per model family of each zoo.

``DEFAULT`` (one small model per package) is in the default test run; ``ALL`` under
``-m slow``. Each entry is ``package:model:size``; for images the size is the model's own input
size where its architecture fixes one (position embeddings, a dense layer over a fixed feature
map), else a small one; for audio it is the number of frames.
"""

# mindcv 0.3.0: one model per module of mindcv.models (51 families), the smallest of each
MINDCV = [
    "bit:BiT_resnet50:64", "cait:cait_s24_224:224", "cmt:cmt_tiny:160", "coat:coat_lite_tiny:224",
    "convit:convit_tiny:224", "convnext:convnextv2_atto:64", "crossvit:crossvit_9:240",
    "densenet:densenet121:64", "dpn:dpn92:64", "edgenext:edgenext_xx_small:256",
    "efficientnet:efficientnet_b0:64", "ghostnet:ghostnet_050:64", "googlenet:googlenet:64",
    "halonet:halonet_50t:256", "hrnet:hrnet_w32:64", "inceptionv3:inception_v3:299",
    "inceptionv4:inception_v4:96", "mae:mae_b_16_224_finetune:224", "mixnet:mixnet_s:64",
    "mlpmixer:mlp_mixer_s_p16:224", "mnasnet:mnasnet_050:64", "mobilenetv1:mobilenet_v1_025:64",
    "mobilenetv2:mobilenet_v2_035_96:96", "mobilenetv3:mobilenet_v3_small_075:64",
    "mobilevit:mobilevit_xx_small:256", "nasnet:nasnet_a_4x1056:224", "pit:pit_ti:224",
    "pnasnet:pnasnet:331", "poolformer:poolformer_s12:64", "pvt:pvt_tiny:224", "pvtv2:pvt_v2_b0:224",
    "regnet:regnet_x_200mf:64", "repmlp:repmlp_t224:224", "repvgg:repvgg_a0:64", "res2net:res2net50:64",
    "resnest:resnest14:64", "resnet:resnet18:64", "resnetv2:resnetv2_50:64", "rexnet:rexnet_09:64",
    "senet:seresnet18:64", "shufflenetv1:shufflenet_v1_g3_05:64", "shufflenetv2:shufflenet_v2_x0_5:64",
    "sknet:skresnet18:64", "squeezenet:squeezenet1_1:64", "swintransformer:swin_tiny:224",
    "swintransformerv2:swinv2_tiny_window8:256", "vgg:vgg11:224", "visformer:visformer_tiny:224",
    "vit:vit_b_32_224:224", "volo:volo_d1:224", "xception:xception:299", "xcit:xcit_tiny_12_p16_224:224",
]

# mindyolo 0.5.0: the smallest network of each model family it registers (configs in
# zoo_configs.py; YOLOv10's post-processing keeps 300 boxes, so it needs 128 x 128 for 336 anchors)
MINDYOLO = ["mindyolo:yolov5n:32", "mindyolo:yolov8n:64", "mindyolo:yolov7-tiny:64", "mindyolo:yolov3:64",
            "mindyolo:yolov4:64", "mindyolo:yolov8n-seg:64", "mindyolo:yolov9-t:64", "mindyolo:yolov10n:128",
            "mindyolo:yolov11n:64", "mindyolo:yolox-nano:64"]

# mindaudio 0.3.0: ECAPA-TDNN (narrowed) on 32 frames of 40 mel bins
MINDAUDIO = ["mindaudio:ecapatdnn:32"]

# mindocr 0.5.0: whole text detection, recognition and orientation models (backbone, neck and
# head) and the layout YOLOv8, built by mindocr's own model functions, its model modules loaded
# one by one (zoo_worker.import_mindocr_models: its package __init__ files need a module that
# MindSpore 2.10 removed). Detection and layout on size x size images, recognition on
# 32 x size text lines (SVTR-Tiny's fixed 32 x 100; MASTER's and RobustScanner's 48 x size), the
# orientation classifier on 48 x size (input heights: zoo_worker.OCR_MODELS), the KIE model on
# 16 tokens of a narrowed LayoutXLM.
MINDOCR = ["mindocr:dbnet_resnet18:64", "mindocr:dbnet_mobilenetv3:64", "mindocr:dbnet_ppocrv3:64",
           "mindocr:crnn_vgg7:64", "mindocr:crnn_resnet34:64", "mindocr:rare_resnet34:64", "mindocr:svtr_tiny:100",
           "mindocr:svtr_tiny_ch:320", "mindocr:cls_mobilenet_v3_small_100_model:96", "mindocr:yolov8:64",
           "mindocr:master_resnet31:64", "mindocr:robustscanner_resnet31:64", "mindocr:vi_layoutxlm_ser:32",
           "mindocr:crnn_resnet34_ch:64", "mindocr:rare_resnet34_ch:64", "mindocr:svtr_ppocrv3_ch:320",
           "mindocr:dbnet_resnet50:64", "mindocr:dbnetpp_resnet50:64", "mindocr:visionlan_resnet45:256",
           "mindocr:table_master:64"]

ALL = [f"mindcv:{e.split(':', 1)[1]}" for e in MINDCV] + MINDYOLO + MINDAUDIO + MINDOCR
DEFAULT = ["mindcv:resnet18:32", "mindyolo:yolov5n:32", "mindaudio:ecapatdnn:32", "mindocr:crnn_vgg7:64"]
