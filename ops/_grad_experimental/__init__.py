"""``mindspore.ops._grad_experimental``: MindSpore's internal gradient-definition package; only
what model code imports from it is here (``grad_comm_ops.get_squared_device_local_norm_param``)."""
