"""AutoBoost: the process-wide boost configuration (one instance, as in MindSpore), from a
level O0/O1/O2 and an optional config dict (what ``json.load`` of a boost config file gives)."""
import threading

from mscompat.nn.optim import SGD
from .base import OptimizerProcess, ParameterProcess, _get_local_pca_mat_path
from .grad_freeze import GradientFreeze
from .less_batch_normalization import LessBN

__all__ = ["AutoBoost"]

_boost_config_mode = ["auto", "manual", "enable_all", "disable_all"]
_FEATURES = ("less_bn", "grad_freeze", "adasum", "grad_accumulation", "dim_reduce", "loss_scale_group")
_boost_config_level = {
    "O0": dict.fromkeys(_FEATURES, False),
    "O1": dict(dict.fromkeys(_FEATURES, False), less_bn=True, grad_freeze=True),
    "O2": dict(dict.fromkeys(_FEATURES, False), less_bn=True, grad_freeze=True, adasum=True),
}


class AutoBoost:
    """Boost configuration shared by every boost cell of the process.

    ``level`` "O0" (nothing), "O1" (LessBN + gradient freezing) or "O2" (O1 + AdaSum); other
    values mean "O0". ``boost_config_dict`` may set ``boost.mode`` ("auto": the level decides;
    "manual": the dict's ``boost`` switches override the level's; "enable_all"; "disable_all")
    and the hyper-parameters of the ``common``, ``less_bn``, ``grad_freeze``,
    ``grad_accumulation`` and ``dim_reduce`` sections; those of a disabled feature are ignored.
    Like MindSpore's, the first construction in a process fixes the configuration.
    """

    _instance_lock = threading.Lock()
    _instance = None

    def __new__(cls, *args, **kwargs):
        if AutoBoost._instance is None:
            with AutoBoost._instance_lock:
                if AutoBoost._instance is None:
                    AutoBoost._instance = object.__new__(cls)
                    AutoBoost._instance.level = None
                    AutoBoost._instance.boost_config_dict = None
        return AutoBoost._instance

    def __init__(self, level="O0", boost_config_dict=""):
        if level not in _boost_config_level:
            level = "O0"
        if self._instance.level is not None:
            return
        self.level = level
        self.boost_config_dict = boost_config_dict
        self._fn_flag = True
        self._gc_flag = True
        self._param_groups = 10
        self._freeze_type = 1
        self._freeze_p = 0.7
        self._total_steps = 65536
        self.gradient_groups = None
        self.device_number = 8
        self.grad_accumulation_step = 1
        self.rho = 0.55
        self.gamma = 0.9
        self.alpha = 0.001
        self.sigma = 0.4
        self.n_components = 32
        self.pca_mat_path = None
        self.weight_load_dir = None
        self.local_pca_mat_path = None
        self.timeout = 1800
        self.boost_config = self._get_configuration(level, self.boost_config_dict)
        self._param_processer = ParameterProcess()

    def network_auto_process_train(self, network, optimizer):
        """Apply the enabled features to a training ``network`` and its ``optimizer``; returns
        the new ``(network, optimizer)``."""
        if self.boost_config.get("dim_reduce"):
            self.local_pca_mat_path = _get_local_pca_mat_path(self.weight_load_dir, self.pca_mat_path,
                                                              self.n_components, self.device_number, network)
            optimizer = SGD(network.trainable_params(), learning_rate=1)
            setattr(optimizer, "dim_reduce", True)
            return network, optimizer
        if self.boost_config.get("less_bn"):
            network = LessBN(network, fn_flag=self._fn_flag)
            process = OptimizerProcess(optimizer)
            groups = self._param_processer.assign_parameter_group(network.trainable_params(), self.gradient_groups)
            process.origin_params = ParameterProcess.generate_group_params(groups, process.origin_params)
            if self._gc_flag:
                process.add_grad_centralization(network)
            optimizer = process.generate_new_optimizer()
        if self.boost_config.get("grad_freeze"):
            freezer = GradientFreeze(self._param_groups, self._freeze_type, self._freeze_p, self._total_steps)
            network, optimizer = freezer.freeze_generate(network, optimizer)
        if self.boost_config.get("adasum"):
            setattr(optimizer, "adasum", True)
        return network, optimizer

    def network_auto_process_eval(self, network):
        """The evaluation ``network`` with the enabled features (LessBN) applied."""
        if self.boost_config.get("dim_reduce"):
            return network
        if self.boost_config.get("less_bn"):
            network = LessBN(network)
        return network

    def _set_fn_flag(self, fn_flag):
        self._fn_flag = fn_flag

    def _set_gc_flag(self, gc_flag):
        self._gc_flag = gc_flag

    def _set_param_groups(self, param_groups):
        self._param_groups = param_groups

    def _set_freeze_type(self, freeze_type):
        self._freeze_type = freeze_type

    def _set_freeze_p(self, freeze_p):
        self._freeze_p = freeze_p

    def _set_total_steps(self, total_steps):
        self._total_steps = total_steps

    def _set_device_number(self, device_number):
        self.device_number = device_number

    def _set_grad_accumulation_step(self, grad_accumulation_step):
        self.grad_accumulation_step = grad_accumulation_step

    def _set_gradient_split_groups(self, gradient_groups):
        if not isinstance(gradient_groups, (list, int)):
            raise ValueError(f"gradient_groups `{gradient_groups}` is not in (list, int)")
        if isinstance(gradient_groups, int):
            gradient_groups = list(gradient_groups)  # raises TypeError, as MindSpore's does
        self.gradient_groups = gradient_groups

    def _set_rho(self, rho):
        self.rho = rho

    def _set_gamma(self, gamma):
        self.gamma = gamma

    def _set_alpha(self, alpha):
        self.alpha = alpha

    def _set_sigma(self, sigma):
        self.sigma = sigma

    def _set_n_components(self, n_components):
        self.n_components = n_components

    def _set_pca_mat_path(self, pca_mat_path):
        self.pca_mat_path = pca_mat_path

    def _set_weight_load_dir(self, weight_load_dir):
        self.weight_load_dir = weight_load_dir

    def _set_timeout(self, timeout):
        self.timeout = timeout

    def _get_configuration(self, level, boost_config_dict):
        """The feature switches for ``level`` adjusted by ``boost_config_dict``."""
        # MindSpore edits its level table in place in "manual" mode, so a manual config
        # changes later defaults of that level in the process; the same table is shared here.
        level_config = _boost_config_level.get(level)
        if not boost_config_dict:
            return level_config
        mode = "auto"
        if 'boost' in boost_config_dict and 'mode' in boost_config_dict['boost']:
            mode = boost_config_dict['boost']['mode']
        if mode not in _boost_config_mode:
            raise ValueError("The boost mode must be in {}, but got {}".format(_boost_config_mode, mode))
        if mode == "manual":
            for key, value in boost_config_dict["boost"].items():
                if key in level_config:
                    level_config[key] = value
        elif mode == "enable_all":
            level_config = {key: True for key in level_config}
        elif mode == "disable_all":
            level_config = {key: False for key in level_config}
        self._do_new_config_func(boost_config_dict, level_config)
        return level_config

    def _do_new_config_func(self, boost_config_dict, level_config):
        sections = [section for key, section in boost_config_dict.items()
                    if (key in level_config and level_config[key]) or key == "common"]
        for section in sections:
            for key in section.keys():
                setter = self._boost_config_func_map.get(key)
                if setter is not None:
                    setter(self, section[key])

    _boost_config_func_map = {
        "fn_flag": _set_fn_flag,
        "gc_flag": _set_gc_flag,
        "param_groups": _set_param_groups,
        "freeze_type": _set_freeze_type,
        "freeze_p": _set_freeze_p,
        "total_steps": _set_total_steps,
        "device_number": _set_device_number,
        "gradient_split_groups": _set_gradient_split_groups,
        "grad_accumulation_step": _set_grad_accumulation_step,
        "rho": _set_rho,
        "gamma": _set_gamma,
        "alpha": _set_alpha,
        "sigma": _set_sigma,
        "n_components": _set_n_components,
        "pca_mat_path": _set_pca_mat_path,
        "weight_load_dir": _set_weight_load_dir,
        "timeout": _set_timeout,
    }
